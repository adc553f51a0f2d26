// @ts-check
/**
 * The office's first-load weight, gzip, beside its budget: what a browser fetches to show the sign-in
 * page, and the inbox, on a first visit (index.html, the entry's chunks and stylesheets, and for the
 * inbox the lazy chunks of the layout's route and their static imports). Reads the build's manifest
 * (dist/.vite/manifest.json); run after `pnpm --filter @site/office build`.
 *
 *   node scripts/size.mjs          prints the table; exits 1 when a screen is over budget
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export const budgetBytes = 120 * 1000;
const dist = fileURLToPath(new URL("../dist/", import.meta.url));

/** @typedef {{ file: string, imports?: string[], dynamicImports?: string[], css?: string[], isEntry?: boolean, src?: string }} Chunk */

/** @returns {Record<string, Chunk>} */
function readManifest() {
  return JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
}

/** Every file a chunk needs before it runs: itself, its static imports (transitively) and their styles. */
function filesOf(
  /** @type {Record<string, Chunk>} */ manifest,
  /** @type {string} */ key,
  seen = new Set(),
) {
  if (seen.has(key)) return seen;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, seen);
  return seen;
}

function gzipBytes(/** @type {string} */ file) {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
}

/** For comparison only: what a browser that asks for brotli would get, were the files precompressed. */
function brotliBytes(/** @type {string} */ file) {
  return brotliCompressSync(readFileSync(join(dist, file)), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}

/** The files of a screen: index.html, the entry's closure and, for a lazy screen, its chunk's closure. */
export function screenFiles(/** @type {string | undefined} */ lazyModule) {
  const manifest = readManifest();
  const keys = filesOf(manifest, "index.html");
  if (lazyModule) filesOf(manifest, lazyModule, keys);
  const files = new Set(["index.html"]);
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (key !== "index.html") files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  // index.html's own entry is listed under the key index.html with its JS file.
  const entry = manifest["index.html"];
  if (entry) files.add(entry.file);
  return [...files];
}

export function measure() {
  return [
    { screen: "sign-in (/admin/sign-in)", files: screenFiles(undefined) },
    { screen: "inbox (/admin/leads)", files: screenFiles("src/features/leads/inbox-page.tsx") },
    {
      screen: "comments (/admin/comments)",
      files: screenFiles("src/features/comments/comments-page.tsx"),
    },
    // The first screen (/admin) and the subscribers: each its own lazy chunk, the chart in theirs.
    { screen: "overview (/admin)", files: screenFiles("src/features/overview/overview-page.tsx") },
    {
      screen: "subscribers (/admin/subscribers)",
      files: screenFiles("src/features/subscribers/subscribers-page.tsx"),
    },
    {
      screen: "outbox (/admin/outbox)",
      files: screenFiles("src/features/outbox/outbox-routes.tsx"),
    },
  ].map(({ screen, files }) => ({
    screen,
    files,
    bytes: files.reduce((sum, file) => sum + gzipBytes(file), 0),
    brotli: files.reduce((sum, file) => sum + brotliBytes(file), 0),
  }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const kB = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  let over = false;
  console.log(`Office first load, gzip -9, budget ${kB(budgetBytes)}:`);
  for (const { screen, files, bytes, brotli } of measure()) {
    over ||= bytes > budgetBytes;
    const verdict = bytes > budgetBytes ? "OVER  " : "within";
    console.log(
      `  ${screen.padEnd(28)} ${kB(bytes).padStart(9)}  ${verdict}  (${files.length} files; brotli 11: ${kB(brotli)})`,
    );
  }
  process.exit(over ? 1 : 0);
}
