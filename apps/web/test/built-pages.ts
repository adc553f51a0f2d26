// The build's pages as served, for the tests that read them (run the web build first; turbo runs it
// before these tests). They run in vitest's node environment: a page is parsed by its own happy-dom
// window that loads and runs nothing, so no test file pays for a DOM environment it does not use.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Window } from "happy-dom";

/** The prerendered site, with a trailing slash. */
export const client = join(dirname(fileURLToPath(import.meta.url)), "..", "build", "client") + "/";

/** The file the build wrote for a page's path: `/` is index.html, `/about` about/index.html. */
export const htmlFile = (path: string) =>
  `${client}${path === "/" ? "" : `${path.slice(1)}/`}index.html`;

// A parser that loads and runs nothing: we inspect the HTML exactly as served.
const inert = new Window({
  settings: {
    disableCSSFileLoading: true,
    disableJavaScriptFileLoading: true,
    disableJavaScriptEvaluation: true,
  },
});

/** Parses HTML text with the inert window. */
export const parseHtml = (html: string) =>
  new inert.DOMParser().parseFromString(html, "text/html") as unknown as Document;

/**
 * A built page's document. Tests only read documents, and several tests of a file read the same page
 * (its heading, then its meta tags, then its landmarks...): each page is parsed once per file, which
 * was most of these files' time.
 */
const parsed = new Map<string, Document>();
export function parse(path: string): Document {
  let doc = parsed.get(path);
  if (!doc) {
    doc = parseHtml(readFileSync(htmlFile(path), "utf8"));
    parsed.set(path, doc);
  }
  return doc;
}

/**
 * Only the page's head, parsed: for checks that read nothing else over many pages (the sitemap lists
 * every page and view in three languages; parsing each whole page made that test CPU-bound).
 */
export function parseHead(path: string): Document {
  const known = parsed.get(path);
  if (known) return known;
  const html = readFileSync(htmlFile(path), "utf8");
  const end = html.indexOf("</head>");
  return parseHtml(end < 0 ? html : `${html.slice(0, end)}</head><body></body></html>`);
}

/** A meta tag's content. */
export const meta = (doc: Document, selector: string) =>
  doc.querySelector(selector)?.getAttribute("content");
