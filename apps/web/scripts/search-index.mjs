// Writes the site search's documents, one file per language (build/client/search-index/<locale>.json):
// every page a visitor may want to find (the shared routes, each blog post and its translations), read
// from the prerendered HTML by search-documents.mjs. The browser indexes its language's file when a
// search box is focused; the API indexes all three at start-up for `/search?q=` (both with the options
// of @site/shared/search). Filtered views (blog and Thought Leadership categories), the blog's list, the
// results page, the offline and 404 pages hold nothing of their own and are left out.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { blogPaths } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { firm, routes } from "@site/shared/content";
import { localePath, locales } from "@site/shared/i18n";
import { translations } from "@site/shared/i18n/translations";
import { searchDocumentsPath, searchDocumentsSchema } from "@site/shared/search";
import { htmlFileOf, pageDocuments } from "./search-documents.mjs";

/** The pages searched, by their English path. */
export const searchedPaths = () => [
  ...routes.filter((route) => route.id !== "blog").map((route) => route.path),
  ...blogPosts.map((post) => blogPaths.post(post.slug)),
];

/**
 * Reads the pages under `client` and writes each language's documents; returns the count of documents
 * and the bytes of each file.
 * @param {string} client
 */
export function writeSearchIndex(client) {
  /** @type {Record<string, { documents: number, bytes: number }>} */
  const written = {};
  for (const locale of locales) {
    const blog = translations(locale).messages.blogMessages.heading;
    const documents = searchedPaths().flatMap((path) => {
      const url = localePath(locale, path);
      const section = path.startsWith(`${blogPaths.index}/`) ? blog : undefined;
      return pageDocuments({ file: htmlFileOf(client, url), url, siteName: firm.name, section });
    });
    const json = JSON.stringify(searchDocumentsSchema.parse(documents));
    const file = join(client, searchDocumentsPath(locale).slice(1));
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, json);
    written[locale] = { documents: documents.length, bytes: json.length };
  }
  return written;
}
