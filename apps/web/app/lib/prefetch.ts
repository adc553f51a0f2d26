/**
 * Pages are ordinary page loads; this makes them feel instant. When a visitor is about to follow a
 * link to another page of the site (the pointer rests on it, a finger touches it, the keyboard focuses
 * it), the page is fetched ahead with `<link rel="prefetch">` (kept by the browser for the navigation
 * that follows; the page's styles and script are already cached). Nothing is fetched ahead for a
 * visitor who asked to save data or is on a 2G connection: the tap then costs only the page itself.
 */

/** The part of the Network Information API read here (Chromium-based browsers have it). */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

/** The browser's connection information, where it has some. */
export const browserConnection = (): ConnectionInfo | undefined =>
  (navigator as Navigator & { connection?: ConnectionInfo }).connection;

/** Marks a link the page's own script answers without loading its page (filter.ts): never fetched ahead. */
export const noPrefetchAttribute = "data-no-prefetch";

/** How long the pointer must rest on a link before it counts as intent (passing over it does not). */
export const hoverDelayMs = 65;

/** Whether prefetching would spend what the visitor asked to save (Save-Data, or a 2G connection). */
export function savingData(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || /(?:^|-)2g$/.test(connection.effectiveType ?? "");
}

/** The same-origin page a link leads to, when it is another page worth fetching ahead; else null. */
function pageOf(doc: Document, target: EventTarget | null): string | null {
  const link = target instanceof Element ? target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return null;
  // A link the page answers itself (the Thought Leadership filter) loads nothing.
  if (link.hasAttribute(noPrefetchAttribute)) return null;
  if (link.target && link.target !== "_self") return null;
  const url = new URL(link.href, doc.baseURI);
  const here = doc.defaultView?.location;
  if (!here || url.origin !== here.origin || !/^https?:$/.test(url.protocol)) return null;
  // A link within this page (an anchor) needs nothing fetched; neither does the API.
  if (url.pathname === here.pathname || url.pathname.startsWith("/api/")) return null;
  return url.pathname + url.search;
}

/** Starts fetching other pages ahead on intent; returns a function that stops it. */
export function prefetchOnIntent(
  doc: Document,
  connection: () => ConnectionInfo | undefined = browserConnection,
): () => void {
  const fetched = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const prefetch = (page: string) => {
    if (fetched.has(page) || savingData(connection())) return;
    fetched.add(page);
    const hint = doc.createElement("link");
    hint.rel = "prefetch";
    hint.href = page;
    hint.as = "document";
    doc.head.append(hint);
  };
  const now = (event: Event) => {
    const page = pageOf(doc, event.target);
    if (page) prefetch(page);
  };
  const onPointerOver = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    const page = pageOf(doc, event.target);
    clearTimeout(timer);
    if (page) timer = setTimeout(() => prefetch(page), hoverDelayMs);
  };
  const onPointerOut = () => clearTimeout(timer);

  const options = { passive: true, capture: true } as const;
  doc.addEventListener("pointerover", onPointerOver, options);
  doc.addEventListener("pointerout", onPointerOut, options);
  doc.addEventListener("touchstart", now, options);
  doc.addEventListener("pointerdown", now, options);
  doc.addEventListener("focusin", now, options);
  return () => {
    clearTimeout(timer);
    doc.removeEventListener("pointerover", onPointerOver, options);
    doc.removeEventListener("pointerout", onPointerOut, options);
    doc.removeEventListener("touchstart", now, options);
    doc.removeEventListener("pointerdown", now, options);
    doc.removeEventListener("focusin", now, options);
  };
}
