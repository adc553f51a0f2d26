/**
 * A page's <style> holds only the rules its prerendered markup uses (scripts/prerender.mjs); this
 * attribute on it lists the built stylesheets those rules came from, whole. They carry what appears
 * later: a form's errors, a search's results, whatever an island renders. Loaded after the first paint,
 * so nothing but the page itself stands between a visitor and their first sight of it.
 */
export const deferredStylesAttribute = "data-stylesheets";

/** Runs `load` once the browser has painted: the next frame, then the task after it. */
const afterFirstPaint = (load: () => void): void => {
  requestAnimationFrame(() => setTimeout(load, 0));
};

/**
 * Adds a <link rel="stylesheet"> to <head> for each file the page's <style> names that no link loads
 * yet. The rules repeat the inline ones in the same order, so nothing already shown moves.
 */
export function loadDeferredStyles(
  doc: Document,
  when: (load: () => void) => void = afterFirstPaint,
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
