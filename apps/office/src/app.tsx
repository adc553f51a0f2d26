import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { useLocation, useNavigate, type NavigateFunction } from "react-router";
import { english, OfficeLanguageProvider } from "./i18n/text";
import { createApiClient, type ApiClient } from "./lib/api-client";
import { createQueryClient } from "./lib/query-client";
import { signInPath } from "./lib/return-path";
import { ApiProvider, csrfTokenFrom } from "./lib/session";
import { OfficeRoutes } from "./routes";

/** Where the office is served; the router's basename. */
export const basename = "/admin";

export interface Office {
  queryClient: QueryClient;
  api: ApiClient;
  /** The router's navigate and where the person is, kept by <OfficeScreens> for the 401 handler. */
  navigation: Navigation;
}

interface Navigation {
  follow(navigate: NavigateFunction, path: string): void;
  path(): string;
  navigate(to: string): void;
}

function createNavigation(): Navigation {
  let current: { navigate: NavigateFunction; path: string } | undefined;
  return {
    follow: (navigate, path) => {
      current = { navigate, path };
    },
    path: () => current?.path ?? "/",
    navigate: (to) => void current?.navigate(to, { replace: true }),
  };
}

/**
 * Wires the office: one query cache, and one API client whose CSRF token is the cached session's and
 * whose 401 answer (anywhere: a list, a save, a session ended by "sign out everywhere" or by an owner's
 * removal) empties the cache and sends the person to sign in, remembering the screen they were on.
 */
export function createOffice(): Office {
  const queryClient = createQueryClient();
  const navigation = createNavigation();
  const api = createApiClient({
    csrfToken: csrfTokenFrom(queryClient),
    onUnauthorized: () => {
      const path = navigation.path();
      if (path.startsWith("/sign-in")) return;
      queryClient.clear();
      navigation.navigate(signInPath(path, "sessionEnded"));
    },
  });
  return { queryClient, api, navigation };
}

/** The providers every screen needs; the router (browser's or a test's memory router) goes inside. */
export function OfficeApp({ office, children }: { office: Office; children: ReactNode }) {
  return (
    <OfficeLanguageProvider value={english}>
      <QueryClientProvider client={office.queryClient}>
        <ApiProvider api={office.api}>{children}</ApiProvider>
      </QueryClientProvider>
    </OfficeLanguageProvider>
  );
}

/** The routes, and the bridge that lets the API client's 401 handler navigate. Inside a router. */
export function OfficeScreens({ office }: { office: Office }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(
    () => office.navigation.follow(navigate, `${pathname}${search}`),
    [office, navigate, pathname, search],
  );
  return <OfficeRoutes />;
}
