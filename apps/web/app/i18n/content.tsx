import { createContext, useContext, type ReactNode } from "react";
import type { RouteId, RouteInfo } from "@site/shared/content";
import { contentSources, type ContentTree } from "@site/shared/i18n/sources";

/**
 * The pages' copy in the page's language: read only by what the prerender renders (pages, header,
 * footer), never by an island, so no page's script carries it.
 */
const ContentContext = createContext<ContentTree>(contentSources);

export function ContentProvider({ value, children }: { value: ContentTree; children: ReactNode }) {
  return <ContentContext value={value}>{children}</ContentContext>;
}

export const useContent = (): ContentTree => useContext(ContentContext);

/** One route's label, title and description in the page's language. */
export function useRoute(id: RouteId): RouteInfo {
  const route = useContent().routes.find((candidate: RouteInfo) => candidate.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route;
}
