import { Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { Route, Routes, useLocation, useNavigationType } from "react-router";
import { Header } from "./components/layout/header";
import { ErrorBoundary } from "./components/layout/error-screen";
import { Footer } from "./components/layout/footer";
import { enhancePage } from "./components/layout/page-behaviour";
import type { PageEntry } from "./routes";
import { useMessages } from "./i18n/messages";
import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/layout.css";
import "./styles/sections.css";

/** Scroll positions of the history entries seen in this tab, by location key (for Back and Forward). */
const scrollPositions = new Map<string, number>();

/**
 * Where a client-side navigation lands, as a visitor expects of a web site: a new page starts at its
 * top, a link to an anchor scrolls to that section, and Back/Forward return to where the visitor was;
 * focus moves to <main> (or to the section named by the hash) so screen reader and keyboard users start
 * at the new content. Runs once the new page is in the DOM (navigations are transitions: the old page
 * stays until the new one is ready). The first render is the browser's own page load and is left to it.
 */
function useLandingOnNavigation() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef(location.key);
  const first = useRef(true);

  useEffect(() => {
    const remember = () => scrollPositions.set(currentKey.current, window.scrollY);
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    if (first.current) {
      first.current = false;
      return;
    }
    // From the first client-side navigation on, the app restores positions itself (the browser would
    // restore them before the page it belongs to is back on screen).
    window.history.scrollRestoration = "manual";
    const target = location.hash
      ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
      : null;
    // Entries the router created have their own key; a plain "#anchor" link (the skip link, say) makes an
    // entry without one ("default"), whose place is its anchor.
    if (navigationType === "POP" && (location.key !== "default" || !target)) {
      window.scrollTo(0, scrollPositions.get(location.key) ?? 0);
    } else if (target) {
      target.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
    const focusable = target ?? document.getElementById("main");
    if (!focusable) return;
    if (!focusable.hasAttribute("tabindex")) focusable.setAttribute("tabindex", "-1");
    focusable.focus({ preventScroll: true });
  }, [location.key, location.hash, navigationType]);
}

/** The shared layout: skip link, header, the page, footer. */
export function SiteShell({ children }: { children: ReactNode }) {
  useLandingOnNavigation();
  // Where React renders the whole site (development server, unit tests), the header's and footer's
  // behaviours attach here; on the built site entry.client.ts attaches them to the static page.
  useEffect(() => enhancePage(document), []);
  const { skipLink } = useMessages().siteMessages;
  return (
    <>
      <a className="skip-link" href="#main">
        {skipLink}
      </a>
      <Header />
      {/*
        Where React renders the site with client-side routing (development server, unit tests) each page's
        code loads as its own chunk, and the old page stays until it is there. The built pages are static
        HTML that React never hydrates (entry.client.ts); the prerender waits for everything.
      */}
      <main id="main" tabIndex={-1}>
        <Suspense>{children}</Suspense>
      </main>
      <Suspense>
        <Footer />
      </Suspense>
    </>
  );
}

export { ErrorBoundary, ErrorScreen } from "./components/layout/error-screen";

/** The site: the shared layout around the page the location names. */
export function App({ pages }: { pages: readonly PageEntry[] }) {
  return (
    <ErrorBoundary>
      <SiteShell>
        <Routes>
          {pages.map(({ path, Component: Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
        </Routes>
      </SiteShell>
    </ErrorBoundary>
  );
}
