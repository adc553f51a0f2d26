/**
 * What the service worker does with each request, as a plain function of the request (tested without a
 * worker): pages are network-first with a fallback to the copy saved on the device, fingerprinted assets
 * are kept once fetched, a few other same-origin files are refreshed in the background, and everything
 * else (the API above all) is left to the network, never stored.
 */
import { searchDocumentsPath } from "@site/shared/search";
import { neverCached } from "@site/shared/service-worker";

/** The folder of the search's documents (`/search-index/`). */
const searchDocumentsFolder = searchDocumentsPath("en").slice(
  0,
  searchDocumentsPath("en").lastIndexOf("/") + 1,
);

/** The caches the worker fills at run time (the precache is Workbox's own). Bump a name to drop its content. */
export const cacheNames = {
  pages: "site-pages-v1",
  assets: "site-assets-v1",
  files: "site-files-v1",
} as const;

/** How long a page that was read stays available offline, and how many are kept (oldest read dropped first). */
export const pageCacheLimits = { maxEntries: 40, maxAgeSeconds: 30 * 24 * 60 * 60 } as const;
/** Fingerprinted scripts and styles of pages read (the precache keeps the shell's own). */
export const assetCacheLimits = { maxEntries: 80, maxAgeSeconds: 60 * 24 * 60 * 60 } as const;
/** Icons, images, the web manifest from public/, and the search's documents. */
export const fileCacheLimits = { maxEntries: 20, maxAgeSeconds: 7 * 24 * 60 * 60 } as const;

/**
 * How long a page request may take before the copy saved on the device is shown instead (the network's
 * answer still refreshes the copy for next time). Long enough that a working 3G connection always gets the
 * fresh page; short enough that a connection lost in a lift does not leave a blank screen.
 */
export const pageNetworkTimeoutSeconds = 4;

export type Treatment = "page" | "asset" | "file" | "network";

/** The parts of a request the choice depends on. */
export interface RequestInfo {
  url: string;
  method: string;
  mode: string;
  destination: string;
}

const fileDestinations = new Set(["image", "manifest", "font"]);

export function treatmentOf(request: RequestInfo, origin: string): Treatment {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== origin || neverCached(url.pathname))
    return "network";
  if (request.mode === "navigate") return "page";
  if (url.pathname.startsWith("/assets/")) return "asset";
  if (fileDestinations.has(request.destination)) return "file";
  // The site search's documents, once a visitor has searched: kept, so search works offline, and
  // refreshed in the background (they change with each release, under the same name).
  if (url.pathname.startsWith(searchDocumentsFolder)) return "file";
  return "network";
}

/**
 * The key a page is saved under: its path alone. Pages are static, so `?utm_source=...` or `#section`
 * show the same page, and offline the copy is found whatever the query.
 */
export function pageKey(url: string): string {
  const { origin, pathname } = new URL(url);
  return `${origin}${pathname}`;
}
