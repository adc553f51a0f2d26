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
 * Adds a <link rel="stylesheet"> to <head> for each file the page's <style> names that no link loads
 * yet. The rules repeat the inline ones in the same order, so nothing already shown moves.
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
    for (const file of files) {
      if (loaded.has(file)) continue;
      const link = doc.createElement("link");
      link.rel = "stylesheet";
      link.href = file;
      doc.head.append(link);
    }
  });
}
