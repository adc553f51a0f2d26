import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { firm } from "@site/shared/content";
import { errorScreenMessages } from "@site/shared/messages";
import type { Route } from "./+types/root";
import { createQueryClient } from "./lib/query-client";
import { organizationJsonLd } from "./lib/seo";
import { Header } from "./components/layout/header";
import { Footer } from "./components/layout/footer";
import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/layout.css";
import "./styles/sections.css";

export const links = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/** The HTML document around every page, the error screen included. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b4f4a" />
        <meta name="format-detection" content="telephone=no" />
        <Meta />
        <Links />
        <script
          type="application/ld+json"
          // JSON-LD is data, not script: CSP does not execute it. "<" is escaped so no text can close the tag.
          dangerouslySetInnerHTML={{ __html: JSON.stringify(organizationJsonLd()).replace(/</g, "\\u003c") }}
        />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * After a client-side navigation, focus moves to <main> (or to the section named by the hash) so
 * screen reader and keyboard users start at the new content; ScrollRestoration handles the scroll
 * itself (top of the page, or the hash target). The first render is left alone.
 */
function useFocusOnNavigation() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    const focusable = target ?? document.getElementById("main");
    if (!focusable) return;
    if (!focusable.hasAttribute("tabindex")) focusable.setAttribute("tabindex", "-1");
    focusable.focus({ preventScroll: true });
  }, [location.pathname, location.hash]);
}

/** The shared layout: skip link, header, the page, footer; one query client per browser session. */
export function SiteShell({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useFocusOnNavigation();
  return (
    <QueryClientProvider client={queryClient}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      {/*
        Nothing here suspends. The boundaries let React hydrate the page in separate units (the
        header first, so the menu works soonest), yielding to the browser in between instead of
        one long main-thread task. entry.server.tsx keeps their content inline in the HTML.
      */}
      <main id="main" tabIndex={-1}>
        <Suspense>{children}</Suspense>
      </main>
      <Suspense>
        <Footer />
      </Suspense>
    </QueryClientProvider>
  );
}

export function App() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
export default App;

/** The screen shown when a page crashes while rendering. */
export function ErrorScreen() {
  return (
    <main id="main" className="error-screen">
      <div className="error-screen__card">
        <p className="error-screen__brand">{firm.name}</p>
        <h1>{errorScreenMessages.title}</h1>
        <p>{errorScreenMessages.text}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {errorScreenMessages.action}
        </button>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The visitor sees the friendly screen; the details go to the console for whoever debugs it.
  useEffect(() => console.error(error), [error]);
  return <ErrorScreen />;
}
