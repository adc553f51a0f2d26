// The Content-Security-Policy of the site's answers, and the headers only a document needs.

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
