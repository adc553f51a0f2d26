import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { createContext, useContext, type ReactNode } from "react";
import type { Me } from "@site/shared/office";
import { officeApi } from "@site/shared/office/constants";
import type { ApiClient } from "./api-client";

/** The cache key of /api/office/me: who is signed in, and the session's CSRF token. */
export const meQueryKey = ["office", "me"] as const;

/** The CSRF token of the session the cache knows (set by /me or by a sign-in answer). */
export const csrfTokenFrom = (client: QueryClient) => () =>
  client.getQueryData<Me>(meQueryKey)?.csrfToken;

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  return <ApiContext value={api}>{children}</ApiContext>;
}

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error("useApi needs an <ApiProvider> above it");
  return api;
}

/** The signed-in person (a 401 sends them to sign in, through the client's onUnauthorized). */
export function useMe() {
  const api = useApi();
  return useQuery({
    queryKey: meQueryKey,
    queryFn: () => api.get<Me>(officeApi.me),
    retry: false,
  });
}

/** After signing in: the answer's person becomes the cache's, so the next screen needs no /me round trip. */
export function useSetMe(): (me: Me) => void {
  const client = useQueryClient();
  return (me) => client.setQueryData(meQueryKey, me);
}
