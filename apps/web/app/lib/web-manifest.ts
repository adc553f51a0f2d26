/**
 * The web manifest's link. Every page names it inside <noscript> in its head, so only a browser without
 * JavaScript reads it from the HTML; the one script (entry.client.ts), started after the first paint, adds
 * the real link. A browser fetches a manifest (and then the icon it names) as soon as it sees the link,
 * at the page's load; nothing on the screen needs it, and installing the site is only worth it with the
 * service worker, which the same script registers.
 */

/** Where postbuild writes the manifest (scripts/site-files.mjs). */
export const webManifestPath = "/site.webmanifest";

/**
 * Adds `<link rel="manifest">` to the head unless the head has one already (outside <noscript>, which
 * is text with scripting on, and elements in a document without it).
 */
export function linkWebManifest(doc: Document): void {
  if (doc.head.querySelector(':scope > link[rel="manifest"]')) return;
  const link = doc.createElement("link");
  link.rel = "manifest";
  link.href = webManifestPath;
  doc.head.append(link);
}
