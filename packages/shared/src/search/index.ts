import { escapeHtml } from "../html/index.js";
import { localePath, type Locale } from "../i18n/index.js";

/**
 * Site search: what the web build writes, what the browser and the API search, and how. The build reads
 * every prerendered page into documents (apps/web/scripts/search-documents.mjs) and writes one file of them
 * per language; the browser (once the search box is focused) and the API (for `/search?q=` without
 * JavaScript) index that same file with MiniSearch and the same options below, so both answer alike.
 */

/** The results page, in each language under its prefix (`/fr/search`). */
export const searchPath = "/search";

/** The query's parameter: `/search?q=sacco`. */
export const searchQueryParam = "q";

/** Longer queries are cut to this many characters (no one types more; it bounds the work). */
export const maxQueryLength = 120;

/** The file of one language's documents, served from the site's root. */
export const searchDocumentsPath = (locale: Locale) => `/search-index/${locale}.json`;

/** The results page of `locale`. */
export const searchPagePath = (locale: Locale) => localePath(locale, searchPath);

// The documents' schema lives in its own module: the browser's search uses none of it, and a module that
// only this file needed would otherwise bring the schema library into the browser's search chunk.
export { searchDocumentSchema, searchDocumentsSchema, type SearchDocument } from "./schema.js";
import type { SearchDocument } from "./schema.js";

/** Lower case without accents: "Économie" and "economie" are one word; so are "Sacco" and "SACCO". */
export const foldText = (text: string): string =>
  text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** MiniSearch's options for the index, shared by the browser and the API. */
export const searchIndexOptions = {
  idField: "id",
  fields: ["title", "page", "text"],
  storeFields: ["url", "title", "page", "text"],
  processTerm: (term: string) => foldText(term),
} as const;

/** MiniSearch's options for a query: words as typed so far (prefixes), small typos forgiven, titles first. */
export const searchQueryOptions = {
  prefix: true,
  fuzzy: (term: string) => (term.length > 4 ? 0.2 : 0),
  combineWith: "AND",
  boost: { title: 3, page: 1.5 },
} as const;

/** The query as searched: trimmed, white space made single, cut to `maxQueryLength`. */
export const normalizeQuery = (query: unknown): string =>
  typeof query === "string" ? query.replace(/\s+/g, " ").trim().slice(0, maxQueryLength) : "";

/** A piece of a snippet: text, marked when it is a word the visitor searched for. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

/** The words of a query, folded (the index's own tokenizer splits on spaces and punctuation likewise). */
export const queryWords = (query: string): string[] =>
  foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

/**
 * Where the words matched: a stretch of `text` around the first word starting with one of the query's
 * words (matching ignores case and accents), those words marked. Without a match, the text's start.
 */
export function snippet(text: string, query: string, around = 150): SnippetPart[] {
  const words = queryWords(query);
  // The folded text, and for each of its characters the index of the original one it came from.
  let folded = "";
  const origin: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const piece = foldText(text[index] ?? "");
    folded += piece;
    for (let each = 0; each < piece.length; each++) origin.push(index);
  }
  origin.push(text.length);
  const ranges: [number, number][] = [];
  const wordStart = /[\p{L}\p{N}]+/gu;
  for (const match of folded.matchAll(wordStart)) {
    const word = match[0];
    const hit = words.find((wanted) => word.startsWith(wanted));
    if (!hit) continue;
    const start = origin[match.index] ?? 0;
    const end = origin[match.index + hit.length] ?? text.length;
    ranges.push([start, end]);
  }
  const first = ranges[0]?.[0] ?? 0;
  let from = Math.max(0, first - Math.floor(around / 3));
  if (from > 0) from = text.indexOf(" ", from) + 1 || from;
  let to = Math.min(text.length, from + around);
  if (to < text.length) to = text.lastIndexOf(" ", to) > from ? text.lastIndexOf(" ", to) : to;
  const parts: SnippetPart[] = [];
  const push = (part: string, mark: boolean) => {
    if (part) parts.push({ text: part, mark });
  };
  if (from > 0) push("… ", false);
  let at = from;
  for (const [start, end] of ranges) {
    if (end <= at || start >= to) continue;
    push(text.slice(at, Math.max(at, start)), false);
    push(text.slice(Math.max(at, start), Math.min(end, to)), true);
    at = Math.min(end, to);
  }
  push(text.slice(at, to), false);
  if (to < text.length) push(" …", false);
  return parts;
}

/** The attribute marking the results page's slot (apps/web prerenders it; the API fills it). */
export const searchResultsSlotAttribute = "data-search-results";

/** What the results page needs of its language: the two sentences, and the external links' note. */
export interface SearchResultsText {
  results: (count: number, query: string) => string;
  none: (query: string) => string;
  opensInNewTab: string;
}

/**
 * The results of `query` as HTML, the same markup the browser's live results use
 * (apps/web/app/features/search/live-search.ts): a status sentence, then each result's title as a link,
 * the page it is on, and the words around the match, marked. Everything from the documents is escaped.
 */
export function searchResultsHtml(
  query: string,
  found: readonly SearchDocument[],
  text: SearchResultsText,
): string {
  const status = found.length === 0 ? text.none(query) : text.results(found.length, query);
  const items = found.map((result) => {
    const external = /^https?:/.test(result.url);
    const newTab = external ? ' target="_blank" rel="noopener noreferrer"' : "";
    const note = external
      ? `<span class="visually-hidden"> ${escapeHtml(text.opensInNewTab)}</span>`
      : "";
    const words = snippet(result.text, query)
      .map((part) => (part.mark ? `<mark>${escapeHtml(part.text)}</mark>` : escapeHtml(part.text)))
      .join("");
    return (
      `<li class="search-result"><a class="search-result__link" href="${escapeHtml(result.url)}"${newTab}>` +
      `${escapeHtml(result.title)}${note}</a>` +
      (result.page ? `<span class="search-result__page">${escapeHtml(result.page)}</span>` : "") +
      `<p class="search-result__snippet">${words}</p></li>`
    );
  });
  return (
    `<p class="site-search__status" role="status">${escapeHtml(status)}</p>` +
    (items.length > 0 ? `<ul class="search-results">${items.join("")}</ul>` : "")
  );
}
