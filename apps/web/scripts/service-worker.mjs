// Called by postbuild.mjs: writes build/client/sw.js from the worker's own build (build/sw/sw.js, made by
// `vite build --mode sw` from app/service-worker/sw.ts) with its precache list put in by Workbox's
// injectManifest. The precache is the offline page and exactly what that page loads (its stylesheets, the
// one script and its preloads, the SVG icon): the site's shell, which a visitor who has seen any page
// already holds in the browser's cache. Pages are never precached: they are saved as they are read.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { injectManifest } from "workbox-build";
import { offlinePath, serviceWorkerFile } from "@site/shared/service-worker";

/** The files the offline page loads, relative to the build folder (`assets/root-x.css`, `favicon.svg`). */
export function shellFiles(html) {
  const files = new Set();
  for (const [tag] of html.matchAll(/<(?:link|script)\b[^>]*>/g)) {
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    const ref = /\b(?:href|src)="(\/[^"/][^"]*)"/.exec(tag)?.[1];
    if (!ref) continue;
    const loaded = tag.startsWith("<script")
      ? /\btype="module"/.test(tag)
      : rel === "stylesheet" || rel === "modulepreload" || (rel === "icon" && ref.endsWith(".svg"));
    if (loaded) files.add(ref.slice(1));
  }
  return [...files];
}

/**
 * Writes the worker with its precache list into `client` and removes `source`'s folder. Returns what the
 * precache holds (entries and bytes, uncompressed) for the build's log.
 */
export async function writeServiceWorker({ client, source }) {
  const offlineFile = `${offlinePath.slice(1)}/index.html`;
  const shell = shellFiles(readFileSync(join(client, offlineFile), "utf8"));
  const { count, size, warnings } = await injectManifest({
    swSrc: source,
    swDest: join(client, serviceWorkerFile),
    globDirectory: client,
    globPatterns: [offlineFile, ...shell],
    // Fingerprinted files are their own revision; the offline page gets a hash of its content.
    dontCacheBustURLsMatching: /^assets\//,
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.map((entry) =>
          entry.url === offlineFile
            ? { ...entry, url: offlinePath }
            : { ...entry, url: `/${entry.url}` },
        ),
        warnings: [],
      }),
    ],
  });
  if (warnings.length > 0) throw new Error(`service worker: ${warnings.join("; ")}`);
  if (count !== shell.length + 1)
    throw new Error(`service worker: precached ${count} files, expected ${shell.length + 1}`);
  rmSync(join(source, ".."), { recursive: true, force: true });
  return { count, size };
}
