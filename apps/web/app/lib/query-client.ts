import { QueryClient } from "@tanstack/react-query";

/**
 * The one home for data-fetching defaults (docs/specification.md §7): queries retry once and do
 * not refetch when the window regains focus; mutations never retry on their own (a submission that
 * cannot get through is saved on the device and resent under its idempotency key by
 * lib/pending-submissions.ts) and always run, offline too: TanStack's default would pause them while the
 * browser says it is offline, leaving the form "Sending..." with nothing saved. A factory, so each render tree and each test gets its own
 * cache instead of sharing a module-level client.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0, networkMode: "always" },
    },
  });
}

let browserSessionClient: QueryClient | undefined;

/**
 * The one client of this browser tab, shared by every part of the page that sends requests (the form
 * islands, each loaded on its own). Created on first use, so pages without forms never load it.
 */
export function sessionQueryClient(): QueryClient {
  browserSessionClient ??= createQueryClient();
  return browserSessionClient;
}
