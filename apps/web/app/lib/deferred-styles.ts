/**
 * A page's <style> holds only the rules its prerendered markup uses (scripts/prerender.mjs); this
 * attribute on it lists the built stylesheets those rules came from, whole. They carry what appears
 * later: a form's errors, a search's results, whatever an island renders. Loaded when the visitor first
 * acts on the page (or once the loaded page is idle), so nothing but the page itself stands between a
 * visitor and their first sight of it, nor between the page and their first tap.
 */
export const deferredStylesAttribute = "data-stylesheets";

/** What a visitor does first to a page: the styles must be there by the time anything answers it. */
const firstActs = ["pointerdown", "keydown", "focusin", "touchstart", "scroll"] as const;
/** How long after the page's load the styles come anyway, when the browser is next idle. */
export const idleDelayMs = 3000;

/**
 * Runs `load` once: at the visitor's first act on the page, or a while after the page has loaded, when
 * the browser is idle. Adding a whole stylesheet restyles the whole page, a long task on a cheap phone;
 * done while the page loads it delays the first tap, done later it costs the visitor nothing.
 */
const whenWanted = (load: () => void): void => {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    for (const act of firstActs) removeEventListener(act, once, true);
    load();
  };
  for (const act of firstActs) addEventListener(act, once, { capture: true, passive: true });
  const later = () =>
    setTimeout(() => {
      if ("requestIdleCallback" in window) requestIdleCallback(once);
      else once();
    }, idleDelayMs);
  if (document.readyState === "complete") later();
  else addEventListener("load", later, { once: true });
};

/**
 * A media query no medium matches: a stylesheet linked with it is fetched and parsed but applies to
 * nothing until the attribute goes.
 */
export const pendingMedia = "not all";

/**
 * Makes stylesheet links (before they join the document) apply all together: each waits under a media
 * query that matches nothing, and all of them switch on in one task, once every one has loaded or failed.
 */
export function applyTogether(links: readonly HTMLLinkElement[]): void {
  const pending = new Set(links);
  const settle = (event: Event) => {
    pending.delete(event.currentTarget as HTMLLinkElement);
    if (pending.size === 0) for (const link of links) link.removeAttribute("media");
  };
  for (const link of links) {
    link.media = pendingMedia;
    // Chromium fetches a stylesheet whose media does not match at its lowest priority (VeryLow); these
    // are wanted now, as they were when linked matching (VeryHigh): asked high, they come at High.
    link.fetchPriority = "high";
    link.addEventListener("load", settle);
    link.addEventListener("error", settle);
  }
}

/**
 * Adds a <link rel="stylesheet"> to <head> for each file the page's <style> names that no link loads
 * yet. The rules repeat the inline ones in the same order, so nothing already shown moves once all of
 * them apply; but not while only some do. The files arrive one by one, and a file that applied alone
 * would put its rules after the inline ones of the files the page lists after it: the layout's
 * `.container` would win over the post's own narrower width until blog.css came too, and the page would
 * move under the visitor's finger during the very tap that asked for the files (a pointerdown on a link,
 * the page moves, the pointerup lands beside it, and the tap follows nothing). So they apply together
 * (`applyTogether`): the page is restyled once, from the inline rules to the whole files.
 */
export function loadDeferredStyles(
  doc: Document,
  when: (load: () => void) => void = whenWanted,
): void {
  const listed = doc.querySelector(`style[${deferredStylesAttribute}]`);
  const files = (listed?.getAttribute(deferredStylesAttribute) ?? "").split(" ").filter(Boolean);
  if (files.length === 0) return;
  when(() => {
    const loaded = new Set(
      [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) =>
        link.getAttribute("href"),
      ),
    );
    const links = files
      .filter((file) => !loaded.has(file))
      .map((file) => {
        const link = doc.createElement("link");
        link.rel = "stylesheet";
        link.href = file;
        return link;
      });
    applyTogether(links);
    doc.head.append(...links);
  });
}
