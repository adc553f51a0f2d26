import MiniSearch from "minisearch";
import { searchIndexOptions, searchQueryOptions } from "./index.js";
import type { SearchDocument } from "./schema.js";

/** A search over one language's documents: the best matches of a query, best first. */
export type Search = (query: string) => SearchDocument[];

/**
 * The one search engine of the site: `documents` indexed by MiniSearch with the shared options, searched
 * with the shared query options. The browser's search box (apps/web live-search.ts, once a box is focused)
 * and the API's results page for `/search?q=` (apps/admin-api src/search/) both run this, so they answer
 * alike. Its own module, so only the code that searches loads MiniSearch.
 */
export function searchIn(documents: readonly SearchDocument[]): Search {
  const index = new MiniSearch<SearchDocument>({
    ...searchIndexOptions,
    fields: [...searchIndexOptions.fields],
    storeFields: [...searchIndexOptions.storeFields],
  });
  index.addAll(documents);
  return (query) =>
    index.search(query, searchQueryOptions).map((result) => ({
      id: String(result.id),
      url: String(result["url"]),
      title: String(result["title"]),
      page: String(result["page"]),
      text: String(result["text"]),
    }));
}
