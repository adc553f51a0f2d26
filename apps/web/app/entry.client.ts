/**
 * The only script every built page runs (a few kB; no React). The pages are static HTML, prerendered
 * from the React components in routes/: this attaches the header's and footer's behaviours and the
 * Thought Leadership filter (plain DOM code, so a tap is answered at once), fetches
 * other pages ahead when a visitor is about to follow a link, and wakes the page's islands (the
 * forms) when they are wanted, which then load React and their own code.
 * Navigation between pages is the browser's own: each page starts at its top. Once the page has loaded
 * and the browser is idle, it registers the service worker that keeps pages read for offline use.
 * The page starts it after its first paint (lib/entry-loader.ts); once the behaviours are attached,
 * <html> carries data-enhanced (what the browser tests wait for before they tap).
 * It also links the web manifest, which the HTML names only for browsers without JavaScript
 * (lib/web-manifest.ts). Submissions saved offline on an earlier visit are sent
 * (components/layout/pending-notice.ts, loaded only when there are some).
 */
import { enhancePage } from "./components/layout/page-behaviour";
import { startIslands } from "./components/ui/island-loader";
import { searchAttributes } from "./features/search/attributes";
import { enhanceArticleFilter } from "./features/thought-leadership/filter";
import { loadDeferredStyles } from "./lib/deferred-styles";
import { enhancedAttribute } from "./lib/entry-loader";
import { hasPendingSubmissions } from "./lib/pending-flag";
import { browserConnection, prefetchOnIntent } from "./lib/prefetch";
import { linkWebManifest } from "./lib/web-manifest";
import { registerServiceWorker } from "./service-worker/register";

// The rules the page did not inline (it holds only its own): at the first tap or key, or once idle.
loadDeferredStyles(document);
enhancePage(document);
enhanceArticleFilter(document);
prefetchOnIntent(document);
// Site search: its code and this language's documents load when a search box is first focused, or at
// once if one already has the focus (a tap before this script started sends no further focusin).
function wakeSearch(target: EventTarget | null): boolean {
  const form = target instanceof HTMLInputElement ? target.form : null;
  const documents = form?.getAttribute(searchAttributes.form);
  if (!documents) return false;
  document.removeEventListener("focusin", onFocusIn);
  void import("./features/search/live-search").then(({ startLiveSearch }) =>
    startLiveSearch(document, documents),
  );
  return true;
}
const onFocusIn = (event: FocusEvent) => void wakeSearch(event.target);
if (!wakeSearch(document.activeElement)) document.addEventListener("focusin", onFocusIn);
startIslands(document);
document.documentElement.setAttribute(enhancedAttribute, "");
// A form sent offline on an earlier visit is still saved on this device: say so, and send it now.
// Looked for in a task of its own: a page's first read of localStorage opens the site's storage (3.5 to
// 8 ms in a new browser profile, unthrottled), which need not lengthen the task that attaches the page's
// behaviours. The notice comes after its own fetches anyway.
setTimeout(() => {
  if (hasPendingSubmissions())
    void import("./components/layout/pending-notice").then(({ showPendingNotice }) =>
      showPendingNotice(document),
    );
});
linkWebManifest(document);
registerServiceWorker({
  connection: browserConnection(),
  referrer: document.referrer,
  origin: location.origin,
});
