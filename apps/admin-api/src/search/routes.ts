import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Request, RequestHandler, Response } from "express";
import { escapeHtml } from "@site/shared/html";
import { localePath, locales, type Locale } from "@site/shared/i18n";
import { translations } from "@site/shared/i18n/translations";
import {
  normalizeQuery,
  searchDocumentsPath,
  searchDocumentsSchema,
  searchPath,
  searchQueryParam,
  searchResultsHtml,
  searchResultsSlotAttribute,
  type SearchDocument,
} from "@site/shared/search";
import { searchIn } from "@site/shared/search/engine";
import { siteManifestFile, siteManifestSchema } from "@site/shared/site";
import { asPublicPage, contentSecurityPolicy } from "../http/site.js";

/** Marks the results page's own box, whose `value=""` gets the query (apps/web search-form.tsx). */
const queryAttribute = 'data-search-query=""';

/** One language's results page, cut where a request fills in the query and the results, and its index. */
interface SearchPage {
  /** The page before the box's value, between the value and the results' slot, after the slot. */
  pieces: readonly [string, string, string];
  csp: string;
  search: (query: string) => SearchDocument[];
  locale: Locale;
}

/** The built page cut at its box's empty value and at its results' slot (a <div> holding no <div>). */
function cutPage(html: string, where: string): SearchPage["pieces"] {
  const marker = html.indexOf(queryAttribute);
  const tagStart = html.lastIndexOf("<input", marker);
  const tagEnd = html.indexOf(">", marker);
  const value = html.slice(tagStart, tagEnd).indexOf(' value=""');
  const slotAttribute = html.indexOf(`${searchResultsSlotAttribute}=""`);
  const slotClose = html.indexOf("</div>", slotAttribute);
  if (marker === -1 || tagStart === -1 || value === -1 || slotAttribute === -1 || slotClose === -1)
    throw new Error(
      `${where}: the search page has no box or no results' slot; build apps/web again`,
    );
  const valueAt = tagStart + value + ' value="'.length;
  const slotOpenEnd = html.indexOf(">", slotAttribute) + 1;
  return [html.slice(0, valueAt), html.slice(valueAt, slotOpenEnd), html.slice(slotClose)];
}

/** The language's index of the build's documents: the engine the browser's search box runs too. */
function indexOf(file: string): SearchPage["search"] {
  return searchIn(searchDocumentsSchema.parse(JSON.parse(readFileSync(file, "utf8"))));
}

/** Each language's results page of the build in `dir`; none when the build has no search. */
function loadSearchPages(dir: string): Map<string, SearchPage> {
  const pages = new Map<string, SearchPage>();
  const manifestFile = join(dir, siteManifestFile);
  if (!existsSync(manifestFile)) return pages;
  const manifest = siteManifestSchema.parse(JSON.parse(readFileSync(manifestFile, "utf8")));
  for (const locale of locales) {
    const path = localePath(locale, searchPath);
    const relative = `${path.slice(1)}/index.html`;
    const documents = join(dir, searchDocumentsPath(locale).slice(1));
    const entry = manifest.pages[relative];
    if (!entry || !existsSync(join(dir, relative)) || !existsSync(documents)) continue;
    pages.set(path, {
      pieces: cutPage(readFileSync(join(dir, relative), "utf8"), relative),
      csp: contentSecurityPolicy(entry.inlineScriptHashes),
      search: indexOf(documents),
      locale,
    });
  }
  return pages;
}

function sendResults(res: Response, page: SearchPage, query: string): void {
  const { messages } = translations(page.locale);
  const results = searchResultsHtml(query, page.search(query), {
    results: messages.searchMessages.results,
    none: messages.searchMessages.none,
    opensInNewTab: messages.thoughtLeadershipMessages.opensInNewTab,
  });
  const [beforeValue, beforeResults, after] = page.pieces;
  asPublicPage(res);
  res
    .status(200)
    .set({
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
      "Content-Security-Policy": page.csp,
      // The page itself (/search) is a page to find; each query's answer is not.
      "X-Robots-Tag": "noindex",
    })
    .send(`${beforeValue}${escapeHtml(query)}${beforeResults}${results}${after}`);
}

/**
 * `GET /search?q=…` (and `/fr/search`, `/sw/search`): the prerendered results page of the language with
 * the query in its box and the results of the build's documents in its slot, found by the same engine
 * the browser's search box runs (@site/shared/search/engine). What works without JavaScript. Without a
 * query the page is served as built, by the site (http/site.ts); a build without search serves no answer
 * here either.
 */
export function searchPageHandler({ dir }: { dir: string }): RequestHandler {
  const pages = loadSearchPages(dir);
  return (req: Request, res: Response, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = pages.get(req.path);
    if (!page) return next();
    const query = normalizeQuery(req.query[searchQueryParam]);
    if (query === "") return next();
    sendResults(res, page, query);
  };
}
