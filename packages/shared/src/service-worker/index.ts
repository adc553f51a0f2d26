/**
 * What the site's service worker (apps/web/app/service-worker) and the server that sends it agree on.
 * Imports nothing: the worker and the one script every page runs bundle this module, and must stay small.
 */

/** The worker's one script, at the site's root so its scope is the whole site. Sent with `no-cache`. */
export const serviceWorkerFile = "sw.js";
export const serviceWorkerPath = `/${serviceWorkerFile}`;

/**
 * The offline page: prerendered like any page (noindex, not in the sitemap or the menus), precached by
 * the worker, which answers with it for a page that is neither online nor saved on the device.
 */
export const offlinePath = "/offline";

/**
 * Requests the worker never answers from a cache nor stores: the API (form posts, mail links such as
 * unsubscribe and moderation, the office's API) and the firm's office app under /admin (its pages hold
 * staff screens and people's data; the public worker's scope is the whole origin, so without this an
 * office page would be saved on the device and listed on the offline page). They always go to the network.
 */
export const neverCachedFolders = ["/api", "/admin"] as const;

export function neverCached(pathname: string): boolean {
  return neverCachedFolders.some(
    (folder) => pathname === folder || pathname.startsWith(`${folder}/`),
  );
}
