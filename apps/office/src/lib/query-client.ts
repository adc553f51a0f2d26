import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";

/**
 * The office's data-fetching defaults: a read retries once, and only when the server or the network
 * failed (a refusal such as 401, 403 or 404 is an answer, not a hiccup); nothing refetches on focus;
 * writes never retry on their own (a reply must not be mailed twice). A factory: each app and each test
 * gets its own cache.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: 0 },
    },
  });
}
