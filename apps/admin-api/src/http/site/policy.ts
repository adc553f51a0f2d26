// The Content-Security-Policy of the site's answers, and the headers only a document needs.
import type { RequestHandler, Response } from "express";

/**
 * Directives every site response shares; HTML adds the hashes of its own inline scripts. What is not
 * named falls back to `default-src 'self'`: fetches (connect-src), fonts, the manifest, and workers
 * (worker-src falls back to script-src, whose hashes only ever match inline scripts: the site's own
 * service worker, sw.js, may run, nothing else). Not written out: every page's answer carries this
 * header, and its first flight of TCP has no bytes to spare.
 */
const baseDirectives = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
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
 * Headers helmet sets on every answer that the public site's answers (its pages as built, a search's
 * results made from one, its files) go without; app.ts mounts `publicSiteHeaders` before the site.
 * The page's whole answer, headers included, must fit the first flight of TCP (about 14.6 kB) to paint
 * a round trip sooner (docs/architecture.md, "Paint"), and these 150 bytes protect nothing there:
 * - Cross-Origin-Opener-Policy: on a page that sends it, a visitor arriving from another site (a search
 *   engine, a mail) gets a browsing context group of its own, so the browser starts the page in a new
 *   renderer process: in Lighthouse's mobile runs that navigation took 40-55 ms of the main thread
 *   instead of 15-25, and the site's pages 2-40 ms of blocking time instead of 28-118. Chrome on Android
 *   also gives a site that sends it a process of its own, memory a cheap phone has little of. What it
 *   guards, another site's window holding a handle on ours, matters where a page shows someone's data or
 *   acts for them; a public page shows what it shows to everyone.
 * - X-Frame-Options: every page's CSP says `frame-ancestors 'none'`, which browsers apply instead of it.
 * - X-XSS-Protection (0 turns off the XSS filter of browsers from before 2020, which could be made to
 *   leak what a page shows; a public page shows nothing private), X-Download-Options (Internet Explorer
 *   8), X-Permitted-Cross-Domain-Policies (Flash), X-DNS-Prefetch-Control (browsers prefetch no names on
 *   an HTTPS page unless it asks them to).
 * The API's own pages (unsubscribing, moderation links, a form's answer) and the office keep them all.
 */
const notOnPublicSite = [
  "Cross-Origin-Opener-Policy",
  "X-Frame-Options",
  "X-XSS-Protection",
  "X-Download-Options",
  "X-Permitted-Cross-Domain-Policies",
  "X-DNS-Prefetch-Control",
] as const;

/**
 * Taken off a public page's answer by the code that sends one (pages.ts, search/routes.ts), 94 bytes
 * more of the first flight:
 * - Cross-Origin-Resource-Policy stops another site loading an answer as a subresource (a script, an
 *   image) into its own process, where a side channel could read it. A public page holds nothing another
 *   site could not fetch itself, and browsers already refuse HTML to such loads; the site's files keep it.
 * - X-Request-Id (the request logger's): the request's line in the log still has it. It is how a form's
 *   failed answer is found in the log; nobody reads it off a page.
 */
export function asPublicPage(res: Response): void {
  res.removeHeader("Cross-Origin-Resource-Policy");
  res.removeHeader("X-Request-Id");
}

export const publicSiteHeaders: RequestHandler = (_req, res, next) => {
  for (const name of notOnPublicSite) res.removeHeader(name);
  next();
};
