import { QueryClient } from "@tanstack/react-query";

/**
 * The one home for data-fetching defaults (docs/specification.md §7): queries retry once and do
 * not refetch when the window regains focus; mutations never retry, so a flaky network cannot file
 * the same contact or subscription twice. A factory, so each render tree and each test gets its own
 * cache instead of sharing a module-level client.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
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
