import type { Request, RequestHandler } from "express";
import { messageRef } from "@site/shared/i18n/message-ref";
import { said } from "../answer-language.js";
import { sendFormPage } from "../form-page.js";
import { sendFailure } from "../respond.js";

export interface CrossSiteOptions {
  /** SITE_URL: the site's public address; its origin may always post. */
  siteUrl: string;
  /** CORS_ORIGINS: other origins allowed to call the API from a browser (already normalised by config.ts). */
  corsOrigins: readonly string[];
  /**
   * Paths under /api whose writes may come from any site. None today. A future endpoint that other sites'
   * browsers must reach on purpose would be listed here, with the reason.
   */
  exempt?: readonly string[];
}

/** Methods that change something; reads (GET, HEAD, OPTIONS preflights) are never refused here. */
const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The encodings an HTML form can post in: such a browser is answered with a page, not JSON. */
const formEncodings = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"];

function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a browser sent this request from another site. A browser names the page's origin in `Origin`
 * on every POST; it is trusted when it is this request's own origin (scheme and Host header), SITE_URL's,
 * or one of CORS_ORIGINS. `Origin: null` (a sandboxed frame, a data: page, some redirects) is never
 * trusted. Without an Origin, `Sec-Fetch-Site: cross-site` or `same-site` still gives a browser away. A request with
 * neither (curl, a server, the firm's tools) is not a browser acting for someone else: it passes.
 */
export function isCrossSite(req: Request, trusted: ReadonlySet<string>): boolean {
  const origin = req.get("origin");
  if (origin !== undefined) {
    const normalised = originOf(origin.trim());
    if (normalised === null) return true;
    const own = originOf(`${req.protocol}://${req.get("host") ?? ""}`);
    return normalised !== own && !trusted.has(normalised);
  }
  // Without an Origin to compare with CORS_ORIGINS, a page of another site gives itself away, and so
  // does one of a sibling host (same-site: another subdomain of the firm's domain is not the site).
  const fetchSite = req.get("sec-fetch-site")?.trim().toLowerCase();
  return fetchSite === "cross-site" || fetchSite === "same-site";
}

/**
 * Refuses writes that another site's page makes a visitor's browser send (a form on a stranger's page
 * posting to our contact endpoint with someone else's address, say): 403 with the catalogue's message,
 * before the body is read, so nothing is stored. Applied to every write under /api.
 */
export function refuseCrossSiteWrites({
  siteUrl,
  corsOrigins,
  exempt = [],
}: CrossSiteOptions): RequestHandler {
  const trusted = new Set(
    [siteUrl, ...corsOrigins].map(originOf).filter((o): o is string => o !== null),
  );
  const open = new Set(exempt);
  return (req, res, next) => {
    if (!unsafeMethods.has(req.method) || open.has(req.path) || !isCrossSite(req, trusted)) {
      next();
      return;
    }
    req.log.warn(
      {
        path: req.path,
        origin: req.get("origin") ?? null,
        secFetchSite: req.get("sec-fetch-site") ?? null,
      },
      "cross-site write refused",
    );
    if (req.is(formEncodings)) {
      sendFormPage(res, 403, { ok: false, message: said(messageRef("requestMessages.crossSite")) });
      return;
    }
    sendFailure(res, 403, messageRef("requestMessages.crossSite"));
  };
}
