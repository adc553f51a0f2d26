/**
 * The offline page the service worker answers with when a page is neither online nor saved on the
 * device: the prerendered /offline page (routes/offline.tsx, precached), with the pages saved on the device
 * listed in it and its "Try again" link pointed at the page that was asked for. Plain string work on our
 * own prerendered markup, so the page needs no script of its own.
 */
import { escapeHtml } from "@site/shared/html";

/** Attributes the offline page's markup carries for the worker to find (routes/offline.tsx renders them). */
export const offlineMarkers = {
  /** On the paragraph saying nothing is saved yet; replaced by the list of saved pages. */
  list: "data-offline-pages",
  /** On the "Try again" link, whose href becomes the page that was asked for. */
  retry: "data-offline-retry",
} as const;

export interface SavedPage {
  /** Path (and query) of the page on this site. */
  path: string;
  /** Its title as written in its <title>, still HTML-escaped, without the site's name. */
  title: string;
}

/**
 * The page's own title from a prerendered page (`<title>About Us | Firm</title>` → `About Us`), as HTML
 * text (escaped as the page had it); null when it has none.
 */
export function titleOf(html: string): string | null {
  const match = /<title>([^<]*)<\/title>/.exec(html);
  const title = match?.[1]?.trim();
  if (!title) return null;
  const cut = title.lastIndexOf(" | ");
  return cut > 0 ? title.slice(0, cut) : title;
}

/** The offline page with `pages` listed (in title order) and its retry link pointing at `requested`. */
export function fillOfflinePage(
  html: string,
  pages: readonly SavedPage[],
  requested: string,
): string {
  let filled = html.replace(new RegExp(`<a\\s[^>]*\\b${offlineMarkers.retry}=""[^>]*>`), (tag) =>
    // A function, not a string: `$&`, `$'` and `` $` `` in the address are text, never patterns.
    tag.replace(/\bhref="[^"]*"/, () => `href="${escapeHtml(requested)}"`),
  );
  if (pages.length === 0) return filled;
  filled = filled.replace(
    new RegExp(`<p\\s[^>]*\\b${offlineMarkers.list}=""[^>]*>[\\s\\S]*?</p>`),
    () => savedPagesHtml(pages),
  );
  return filled;
}

/**
 * The list of saved pages (in title order) that takes the "nothing saved" paragraph's place. The
 * prerender inlines the rules this markup uses into the offline page's <style> (scripts/prerender.mjs):
 * had they come only with the whole stylesheets, at the visitor's first tap, the list would restyle
 * under the finger and the tap on a saved page would land beside its link.
 */
export function savedPagesHtml(pages: readonly SavedPage[]): string {
  const items = [...pages]
    .sort((a, b) => a.title.localeCompare(b.title))
    .map((page) => `<li><a href="${escapeHtml(page.path)}">${page.title}</a></li>`)
    .join("");
  return `<ul class="offline__pages" ${offlineMarkers.list}="">${items}</ul>`;
}
