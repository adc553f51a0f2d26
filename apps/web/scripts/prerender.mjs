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
import { blogSubpagePaths } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { notFoundPath, routePaths, thoughtLeadershipSubpagePaths } from "@site/shared/content";
import { localePath, locales } from "@site/shared/i18n";
import { searchPath } from "@site/shared/search";
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
const { renderDocument, pageFileFor } = await import(
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
  const { html, inlineScripts } = await renderDocument(path, {
    css: [...new Set(styles)].map(cssText).join("\n"),
    script,
    preloads,
    chunks,
  });
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
