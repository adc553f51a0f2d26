// Called by postbuild.mjs: writes build/client/sw.js from the worker's own build (build/sw/sw.js, made by
// `vite build --mode sw` from app/service-worker/sw.ts) with its precache list put in by Workbox's
// injectManifest. The precache is the offline page and exactly what that page loads (its stylesheets and
// the files they name, the footer's patterns and glyphs; the one script and its preloads; its SVG icon is
// written into it): the site's shell, which a visitor who has seen any page already holds in the
// browser's cache. Pages are never precached: they are saved as they are read.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { injectManifest } from "workbox-build";
import { offlinePath, serviceWorkerFile } from "@site/shared/service-worker";
import { localePath, locales } from "@site/shared/i18n";

/**
 * The files the offline page loads, relative to the build folder (`assets/root-x.css`,
 * `assets/entry.client-x.js`, `assets/mudcloth-x.svg`). `readCss` reads a stylesheet by that path.
 * @param {string} html @param {(file: string) => string} readCss
 */
export function shellFiles(html, readCss) {
  const files = new Set();
  for (const [tag] of html.matchAll(/<(?:link|script)\b[^>]*>/g)) {
    if (tag.startsWith("<script")) {
      // The one script and its preloads, named by the loader's attributes (app/lib/entry-loader.ts).
      const named = [/\bdata-entry="([^"]*)"/, /\bdata-preloads="([^"]*)"/]
        .flatMap((attribute) => (attribute.exec(tag)?.[1] ?? "").split(" "))
        .filter((ref) => /^\/[^/]/.test(ref));
      for (const ref of named) files.add(ref.slice(1));
      continue;
    }
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    const ref = /\bhref="(\/[^"/][^"]*)"/.exec(tag)?.[1];
    // (The SVG icon is written into the page, and the manifest's link is added by the script.)
    if (ref && rel === "stylesheet") files.add(ref.slice(1));
  }
  // What the stylesheets name (url(/assets/mudcloth-x.svg)): a page saved for offline reading shows them.
  for (const file of [...files].filter((each) => each.endsWith(".css")))
    for (const [, ref] of readCss(file).matchAll(/url\(["']?\/([^/)"'][^)"']*)/g)) files.add(ref);
  return [...files];
}

/**
 * Writes the worker with its precache list into `client` and removes `source`'s folder. Returns what the
 * precache holds (entries and bytes, uncompressed) for the build's log.
 */
export async function writeServiceWorker({ client, source }) {
  // The offline page in each language (a page under /fr gets the French one), and the shell they load.
  const offlinePages = new Map(
    locales.map((locale) => {
      const path = localePath(locale, offlinePath);
      return [`${path.slice(1)}/index.html`, path];
    }),
  );
  const shell = [
    ...new Set(
      [...offlinePages.keys()].flatMap((file) =>
        shellFiles(readFileSync(join(client, file), "utf8"), (css) =>
          readFileSync(join(client, css), "utf8"),
        ),
      ),
    ),
  ];
  const { count, size, warnings } = await injectManifest({
    swSrc: source,
    swDest: join(client, serviceWorkerFile),
    globDirectory: client,
    globPatterns: [...offlinePages.keys(), ...shell],
    // Fingerprinted files are their own revision; the offline page gets a hash of its content.
    dontCacheBustURLsMatching: /^assets\//,
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.map((entry) =>
          offlinePages.has(entry.url)
            ? { ...entry, url: offlinePages.get(entry.url) }
            : { ...entry, url: `/${entry.url}` },
        ),
        warnings: [],
      }),
    ],
  });
  if (warnings.length > 0) throw new Error(`service worker: ${warnings.join("; ")}`);
  if (count !== shell.length + offlinePages.size)
    throw new Error(
      `service worker: precached ${count} files, expected ${shell.length + offlinePages.size}`,
    );
  rmSync(join(source, ".."), { recursive: true, force: true });
  return { count, size };
}
