#!/usr/bin/env node
// Runs after the two Vite builds (see package.json "build"): renders every route, and the 404 page at
// its concrete path, to build/client/<route>/index.html with the server build's renderDocument(), each
// with the styles its page needs (the layout's, its own, its islands') inlined and the one script every
// page runs (from Vite's manifest), and lists each page's inline script hashes in .site-manifest.json
// for the server's CSP. Then removes the server build and Vite's manifest: only build/client is served.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Beasties from "beasties";
import postcss from "postcss";
import { blogSubpagePaths, commentThreadHtml, commentThreadOpenTag } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { notFoundPath, routePaths, thoughtLeadershipSubpagePaths } from "@site/shared/content";
import { localePath, locales } from "@site/shared/i18n";
import { searchPath, searchResultsHtml, searchResultsSlotAttribute } from "@site/shared/search";
import { offlinePath } from "@site/shared/service-worker";
import { siteManifestFile, siteManifestSchema } from "@site/shared/site";

const root = fileURLToPath(new URL("../", import.meta.url));
const client = join(root, "build", "client");
const server = join(root, "build", "server");
const manifestFile = join(client, ".vite", "manifest.json");
const pageChunksFile = join(client, ".vite", "page-chunks.json");

/** @typedef {{ file: string, css?: string[], imports?: string[], dynamicImports?: string[], isEntry?: boolean }} Chunk */
/** @type {Record<string, Chunk>} */
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
/** @type {Record<string, string>} page module (relative to app/) -> file of the chunk holding it */
const pageChunks = JSON.parse(readFileSync(pageChunksFile, "utf8"));

/** The manifest key of the chunk holding the page module `file` (see vite.config.ts, pageChunks). */
function pageChunkKey(file) {
  const key = Object.keys(manifest).find((name) => manifest[name]?.file === pageChunks[file]);
  if (!key) throw new Error(`prerender: no chunk of the client build holds app/${file}`);
  return key;
}
const { renderDocument, pageFileFor, offlineMarkers, savedPagesHtml } = await import(
  pathToFileURL(join(server, "entry.prerender.js")).href
);

/**
 * The chunk named `key` and every chunk it statically imports, each once, dependencies first: the order
 * their stylesheets must come in (a feature's styles override the shared ones they build on).
 * @param {string} key @param {Set<string>} seen @returns {Chunk[]}
 */
function chunkGraph(key, seen = new Set()) {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`prerender: ${key} is not in the client build's manifest`);
  return [...(chunk.imports ?? []).flatMap((imported) => chunkGraph(imported, seen)), chunk];
}

const entryKey = "app/entry.client.ts";
const layoutKey = "app/root.tsx";
const url = (file) => `/${file}`;
/** The script every page runs, and the modules it imports up front. */
const [script, ...preloads] = chunkGraph(entryKey)
  .reverse()
  .map((chunk) => url(chunk.file));
if (!script) throw new Error(`prerender: the manifest has no ${entryKey}`);
/** Every module's built file by its path relative to app/ (islands are found by it). */
const chunks = Object.fromEntries(
  Object.entries(manifest)
    .filter(([key]) => key.startsWith("app/"))
    .map(([key, chunk]) => [key.slice("app/".length), url(chunk.file)]),
);

/**
 * The stylesheets of the chunks a page loads later (its islands, see components/ui/island.tsx): their
 * markup is in the HTML from the start, so their styles must be too.
 * @param {Chunk[]} chunks @param {Set<string>} seen @returns {string[]}
 */
const deferredStyles = (chunks, seen) =>
  chunks
    .flatMap((chunk) => chunk.dynamicImports ?? [])
    .flatMap((key) => chunkGraph(key, seen))
    .flatMap((chunk) => chunk.css ?? []);

/** A built stylesheet's text, read once (it is inlined into every page that needs it). */
const cssTexts = new Map();
const cssText = (file) => {
  if (!cssTexts.has(file)) cssTexts.set(file, readFileSync(join(client, file), "utf8").trim());
  return cssTexts.get(file);
};

/**
 * Selectors kept inline though the prerendered markup does not match them: states a tap or a key turns
 * on at once, before the whole stylesheets (loaded after the first paint) may have arrived: an open menu,
 * an open accordion item. Each only on a page that has what it styles (the accordion's `[open]` rules
 * would be 70 bytes of brotli on a page with no accordion).
 */
const stateSelectors = [
  { selector: /\[aria-expanded/, on: (html) => html.includes("aria-expanded=") },
  { selector: /\[open\]/, on: (html) => html.includes("<details") },
  { selector: /menu-active/, on: (html) => html.includes('aria-controls="mobile-menu"') },
];
/** One pruner for each set of states a page has (at most 2³: made as the pages need them). */
const pruners = new Map();
function prunerFor(html) {
  const allowRules = stateSelectors.filter(({ on }) => on(html)).map(({ selector }) => selector);
  const key = allowRules.map(String).join(" ");
  if (!pruners.has(key))
    pruners.set(
      key,
      new Beasties({
        path: client,
        // Only the page's own <style> is pruned; the <noscript> links stay links.
        external: false,
        reduceInlineStyles: true,
        inlineFonts: false,
        allowRules,
        logLevel: "warn",
      }),
    );
  return pruners.get(key);
}

/**
 * What the server writes into some pages after the build, so their CSS is critical there too: a
 * post's approved comments (apps/admin-api/src/http/site/post-page.ts) and the results of a search made
 * without JavaScript (apps/admin-api/src/search/routes.ts), found and not found. And what the service
 * worker writes into the offline page: the pages saved on the device (app/service-worker/offline-page.ts).
 * @param {string} html
 */
function serverFragments(html) {
  const fragments = [];
  if (html.includes(`${offlineMarkers.list}=""`))
    fragments.push(savedPagesHtml([{ path: "/sample", title: "Sample" }]));
  if (html.includes(commentThreadOpenTag))
    fragments.push(
      commentThreadHtml([{ id: "sample", name: "Sample", text: "Sample", createdAt: new Date(0) }]),
    );
  if (html.includes(searchResultsSlotAttribute)) {
    const text = { results: () => "", none: () => "", opensInNewTab: "" };
    const found = [
      { id: "a", url: "/sample", title: "Sample", page: "Sample", text: "sample" },
      { id: "b", url: "https://example.org/", title: "Sample", page: "", text: "sample" },
    ];
    fragments.push(searchResultsHtml("sample", found, text), searchResultsHtml("none", [], text));
  }
  return fragments.join("");
}

/** A declaration naming one of the site's files (`url(/assets/mudcloth-x.svg)`), not a data URL. */
const namesFile = /url\(\s*["']?\//;
/**
 * The critical CSS without the rules that name a file: the footer's patterns and social glyphs
 * (styles/layout.css). Inline, they had every page ask for six images before its first paint, and where
 * the footer shows in the first screen (the search page, the 404) those requests joined Lighthouse's
 * graph of the paint: +150 to +220 ms. Left to the whole stylesheets, which load after the first paint,
 * they arrive a moment later; the rules written beside them (the footer's colour, a glyph's box) are
 * inline, so nothing moves when they do.
 * @param {string} css
 */
function withoutFileRules(css) {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.some((node) => node.type === "decl" && namesFile.test(node.value))) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

const styleElement = /<style\b[^>]*>([^<]*)<\/style>/;
/**
 * The page with its <style> cut down to the rules its markup (and what the server adds to it) uses,
 * less those that name a file: the rest would be parsed and matched before the first paint for nothing,
 * and weighs on every page's first round trip.
 * @param {string} html
 */
async function withCriticalCss(html) {
  const probe = html.replace("</body>", `${serverFragments(html)}</body>`);
  const pruned = styleElement.exec(await prunerFor(probe).process(probe))?.[1];
  const whole = styleElement.exec(html);
  if (pruned === undefined || !whole) throw new Error("prerender: a page lost its <style>");
  const critical = withoutFileRules(pruned);
  return html.replace(whole[1], () => critical);
}

/** The CSP source naming an inline script: sha256 over its exact text, as the browser hashes it. */
const cspHash = (text) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
/** @type {import("@site/shared/site").SiteManifest["pages"]} */
const pages = {};

// Every page in each language: English at its path, the others under /fr and /sw.
const englishPaths = [
  ...routePaths,
  ...blogSubpagePaths(blogPosts),
  ...thoughtLeadershipSubpagePaths(),
  searchPath,
  offlinePath,
  notFoundPath,
];
for (const path of locales.flatMap((locale) =>
  englishPaths.map((english) => localePath(locale, english)),
)) {
  // The layout's styles, then the page's, then its islands' (their markup is in the HTML from the
  // start). The JavaScript of these chunks never reaches the browser: the page is static HTML.
  const seen = new Set();
  const layoutGraph = chunkGraph(layoutKey, seen);
  const pageGraph = chunkGraph(pageChunkKey(pageFileFor(path)), seen);
  const styles = [
    ...[...layoutGraph, ...pageGraph].flatMap((chunk) => chunk.css ?? []),
    ...deferredStyles(pageGraph, new Set(seen)),
  ];
  const stylesheets = [...new Set(styles)];
  const rendered = await renderDocument(path, {
    css: stylesheets.map(cssText).join("\n"),
    stylesheets: stylesheets.map(url),
    script,
    preloads,
    chunks,
  });
  const { inlineScripts } = rendered;
  const html = await withCriticalCss(rendered.html);
  const file = join(client, path === "/" ? "" : path.slice(1), "index.html");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
  pages[relative(client, file).split(sep).join("/")] = {
    inlineScriptHashes: [...new Set(inlineScripts.map(cspHash))],
  };
  console.log(`prerender: ${path} -> ${file.slice(client.length + 1)} (${html.length} bytes)`);
}

// The server builds each page's Content-Security-Policy from this (apps/admin-api/src/http/site.ts).
writeFileSync(
  join(client, siteManifestFile),
  `${JSON.stringify(siteManifestSchema.parse({ pages }), null, 2)}\n`,
);
console.log(
  `prerender: ${siteManifestFile} lists ${Object.keys(pages).length} pages' inline script hashes`,
);

rmSync(server, { recursive: true, force: true });
rmSync(dirname(manifestFile), { recursive: true, force: true });
