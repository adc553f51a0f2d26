/// <reference lib="webworker" />
/**
 * The site's service worker, built on its own (vite build --mode sw) into build/client/sw.js, where
 * scripts/service-worker.mjs writes the precache list into it. What it does and why:
 * docs/architecture.md, "The service worker".
 *
 * - Precache (at install): the offline page and the shell it needs (the layout's stylesheets, the one
 *   script, the icon): a few kB the visitor mostly has in the browser's cache already.
 * - Pages: network first (fresh whenever online), the copy saved on the device after a few seconds
 *   without an answer or when offline, else the offline page listing what is saved.
 * - Assets (/assets/*, fingerprinted): kept once fetched; icons and images: refreshed in the background.
 * - The API (/api/*: forms, unsubscribe and moderation links, admin): never answered from or stored in a cache.
 * - A new release takes over at once (skipWaiting + clientsClaim); the old precache is removed.
 */
import { offlinePath } from "@site/shared/service-worker";
import { localePath, locales, splitLocalePath } from "@site/shared/i18n";
import { clientsClaim, type RouteHandlerCallbackOptions, type WorkboxPlugin } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { fillOfflinePage, titleOf, type SavedPage } from "./offline-page";
import {
  assetCacheLimits,
  cacheNames,
  fileCacheLimits,
  pageCacheLimits,
  pageKey,
  pageNetworkTimeoutSeconds,
  treatmentOf,
} from "./policy";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Only complete answers of our own are kept (not a 404, a redirect or an error page). */
const onlyOk: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && response.type === "basic" ? response : null,
};

/** Only HTML is kept as a page (a feed or a text file opened in a tab is not one to list offline). */
const onlyHtml: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.headers.get("Content-Type")?.startsWith("text/html") ? response : null,
};

/** Pages are saved by path alone (policy.ts, pageKey). */
const byPath: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => pageKey(request.url),
};

const pages = new NetworkFirst({
  cacheName: cacheNames.pages,
  networkTimeoutSeconds: pageNetworkTimeoutSeconds,
  plugins: [
    onlyOk,
    onlyHtml,
    byPath,
    new ExpirationPlugin({ ...pageCacheLimits, purgeOnQuotaError: true }),
  ],
});
const assets = new CacheFirst({
  cacheName: cacheNames.assets,
  plugins: [onlyOk, new ExpirationPlugin({ ...assetCacheLimits, purgeOnQuotaError: true })],
});
const files = new StaleWhileRevalidate({
  cacheName: cacheNames.files,
  plugins: [onlyOk, new ExpirationPlugin({ ...fileCacheLimits, purgeOnQuotaError: true })],
});

/** The offline page of each language, and the one for a page asked for (its language's). */
const offlinePaths = new Set(locales.map((locale) => localePath(locale, offlinePath)));
const offlinePathFor = (url: URL) => localePath(splitLocalePath(url.pathname).locale, offlinePath);

/** The pages saved on this device, each with its title (the offline page itself left out). */
async function savedPages(): Promise<SavedPage[]> {
  const cache = await caches.open(cacheNames.pages);
  const saved: SavedPage[] = [];
  for (const request of await cache.keys()) {
    const { pathname } = new URL(request.url);
    if (offlinePaths.has(pathname)) continue;
    const response = await cache.match(request);
    const title = response ? titleOf(await response.text()) : null;
    if (title) saved.push({ path: pathname, title });
  }
  return saved;
}

/** The offline page (precached with this release), listing what is saved, for the page asked at `url`. */
async function offlineAnswer(url: URL): Promise<Response> {
  const page = await matchPrecache(offlinePathFor(url));
  if (!page) return Response.error();
  const requested = url.pathname + url.search;
  const saved = (await savedPages()).filter((entry) => entry.path !== url.pathname);
  const headers = new Headers(page.headers);
  headers.delete("ETag");
  headers.delete("Content-Length");
  return new Response(fillOfflinePage(await page.text(), saved, requested), {
    status: offlinePaths.has(url.pathname) ? 200 : 503,
    headers,
  });
}

async function answerPage(options: RouteHandlerCallbackOptions): Promise<Response> {
  const url = new URL(options.request.url);
  if (offlinePaths.has(url.pathname)) return offlineAnswer(url);
  try {
    return await pages.handle(options);
  } catch {
    // Offline (or no answer at all) and not saved on the device.
    return offlineAnswer(url);
  }
}

const origin = self.location.origin;
registerRoute(({ request }) => treatmentOf(request, origin) === "page", answerPage);
registerRoute(({ request }) => treatmentOf(request, origin) === "asset", assets);
registerRoute(({ request }) => treatmentOf(request, origin) === "file", files);
// Scripts and styles of the shell, and the offline page, answered from the precache.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * The page the visitor landed on was loaded before this worker ran; save it (and its stylesheets) as
 * if it had been read through the worker, so it too opens offline. Both come from the browser's cache
 * (a revalidation of the page, nothing for the fingerprinted stylesheets).
 */
async function saveOpenPages(event: ExtendableEvent): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window" });
  for (const client of windows) {
    const asNavigation = {
      url: client.url,
      method: "GET",
      mode: "navigate",
      destination: "document",
    };
    if (treatmentOf(asNavigation, origin) !== "page") continue;
    const request = new Request(client.url, { credentials: "same-origin" });
    if (await caches.match(pageKey(client.url), { cacheName: cacheNames.pages })) continue;
    const response = await pages.handle({ event, request }).catch(() => undefined);
    const html = response ? await response.text() : "";
    for (const [, href] of html.matchAll(/<link rel="stylesheet" href="(\/assets\/[^"]+)"/g))
      if (href) await assets.handle({ event, request: new Request(href) }).catch(() => undefined);
  }
}

self.addEventListener("install", () => {
  void self.skipWaiting();
});
clientsClaim();
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // The page request starts while the worker wakes up, instead of after.
      await self.registration.navigationPreload?.enable();
      await saveOpenPages(event);
    })(),
  );
});
