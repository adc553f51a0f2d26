// The Content-Security-Policy of the site's answers, and the headers only a document needs.
import type { RequestHandler } from "express";

/** Directives every site response shares; HTML adds the hashes of its own inline scripts. */
const baseDirectives = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  // The site's own service worker (sw.js), and nothing else, may run as a worker.
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const scriptSrc = ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(" ");
  return [...baseDirectives, `script-src ${scriptSrc}`].join("; ");
}

/** The CSP for site files that are not HTML (they run no inline script). */
export const siteAssetPolicy = contentSecurityPolicy([]);

/**
 * Response headers that only mean something on a document (or a file a browser might render as one),
 * set on every answer by helmet and app.ts. X-Content-Type-Options and Cross-Origin-Resource-Policy
 * stay on everything: they protect scripts and styles too.
 */
export const documentOnlyHeaders = [
  "Content-Security-Policy",
  "Cross-Origin-Opener-Policy",
  "Origin-Agent-Cluster",
  "Referrer-Policy",
  "Strict-Transport-Security",
  "X-DNS-Prefetch-Control",
  "X-Download-Options",
  "X-Frame-Options",
  "X-Permitted-Cross-Domain-Policies",
  "X-XSS-Protection",
] as const;

/**
 * The public site's answers (its pages as built, a search's results made from one, its files) go
 * without Cross-Origin-Opener-Policy, which helmet sets on every answer; app.ts mounts this before the
 * site. On a page that sends it, a visitor arriving from another site (a search engine, a mail) gets a
 * browsing context group of its own, so the browser starts the page in a new renderer process: in
 * Lighthouse's mobile runs that navigation took 40-55 ms of the main thread instead of 15-25, and the
 * site's pages 2-40 ms of blocking time instead of 28-118 (docs/architecture.md, "Paint"). Chrome on
 * Android also gives a site that sends it a process of its own, memory a cheap phone has little of.
 * What the header guards, another site's window holding a handle on ours, matters where a page shows
 * someone's data or acts for them: the API's pages (unsubscribing, a moderation link, a form's answer)
 * and the office keep it. A public page shows what it shows to everyone.
 */
export const withoutOpenerPolicy: RequestHandler = (_req, res, next) => {
  res.removeHeader("Cross-Origin-Opener-Policy");
  next();
};
