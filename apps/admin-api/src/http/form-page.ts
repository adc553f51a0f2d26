import { escapeHtml } from "@site/shared/html";
import type { Request, Response } from "express";
import { firm } from "@site/shared/content";
import { localePath, type Locale } from "@site/shared/i18n";
import { translations } from "@site/shared/i18n/translations";
import { knownSitePage } from "../common/consent.js";
import { answerTranslator, type Said } from "./answer-language.js";

/**
 * Without JavaScript the site's forms post `application/x-www-form-urlencoded` straight to the API
 * (their `method`/`action` attributes). Such a visitor gets a small, self-contained page with the same
 * message the script would have shown, so a lead sent from a browser with scripts off is never lost and
 * never answered with raw JSON.
 */
export function isFormPost(req: Request): boolean {
  // Asked of every answer to a form; most posts are JSON, whose Content-Type is not parsed again for it.
  const type = req.headers["content-type"];
  if (type === undefined || !/x-www-form-urlencoded/i.test(type)) return false;
  return req.is("application/x-www-form-urlencoded") === "application/x-www-form-urlencoded";
}

/**
 * Inline styles only (no scripts): the page stands alone and its CSP allows nothing else. A page with a
 * form of its own (the unsubscribe confirmation) may post it to this origin, nowhere else.
 */
const pagePolicy = (formAction: "'none'" | "'self'") =>
  `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action ${formAction}`;

/**
 * The Referer when the browser sent one from this host (the page a form was on), else null. Its path is
 * whatever the sender wrote (`//evil.example`, `/\evil.example` read as `//evil.example`): never put it
 * in a link or a redirect as it is (see backPath).
 */
export function sameHostReferer(req: Request): URL | null {
  const referer = req.get("referer");
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.host === req.get("host") ? url : null;
  } catch {
    return null;
  }
}

/**
 * Where "back" leads: the page the form was on, when the Referer (from this host) names one of the
 * site's pages in any of its languages ("/fr/contact", "/contact/" alike), without its query or
 * fragment; else the home page of `locale`. The link is rebuilt from the known page, never copied from
 * the request, so it cannot lead off the site.
 */
function backPath(req: Request, locale: Locale): string {
  const url = sameHostReferer(req);
  const page = url && knownSitePage(url.pathname);
  if (page) return localePath(page.locale, page.path);
  return localePath(locale, "/");
}

/**
 * A small, self-contained HTML page of the API's own (no script, inline styles): the form result page
 * below and the unsubscribe pages. `body` is HTML the caller has escaped, written in `locale` (English
 * when not said: the firm's moderation pages).
 */
export function sendStandalonePage(
  res: Response,
  status: number,
  page: { title: string; tone: "ok" | "error"; body: string; postsForm?: boolean; locale?: Locale },
): void {
  res
    .status(status)
    .set("Content-Security-Policy", pagePolicy(page.postsForm ? "'self'" : "'none'"))
    .type("html")
    .send(
      `<!doctype html><html lang="${page.locale ?? "en"}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
        `<title>${escapeHtml(page.title)} | ${escapeHtml(firm.name)}</title>` +
        `<style>body{font:1.0625rem/1.6 system-ui,sans-serif;color:#1c2421;background:#faf6ef;margin:0;padding:2rem 1.25rem}` +
        `main{max-width:36rem;margin:10vh auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px #0001}` +
        `h1{font-size:1.5rem;color:${page.tone === "ok" ? "#0b4a3f" : "#8f1d1d"};margin:0 0 1rem}a{color:#0b4a3f;font-weight:600}` +
        `ul{padding-left:1.25rem}span{color:#4d5a55;font-size:.9375rem}` +
        `button{font:inherit;font-weight:600;color:#fff;background:#0b4a3f;border:0;border-radius:8px;padding:.75rem 1.5rem;cursor:pointer}` +
        `button:focus-visible{outline:3px solid #c77d1a;outline-offset:2px}</style></head><body><main>` +
        page.body +
        `</main></body></html>`,
    );
}

/** The result page of a form posted without script, in the submission's language. */
export function sendFormPage(
  res: Response,
  status: number,
  page: { ok: boolean; message: Said; details?: readonly Said[] },
): void {
  const { locale, say } = answerTranslator(res.req);
  const words = translations(locale).messages.formResultMessages;
  const back = escapeHtml(backPath(res.req, locale));
  const details = page.details?.length
    ? `<ul>${page.details.map((d) => `<li>${escapeHtml(say(d))}</li>`).join("")}</ul>`
    : "";
  const action = page.ok
    ? `<a href="${back}">${escapeHtml(words.continue)}</a>`
    : `<a href="${back}">${escapeHtml(words.retry)}</a> <span>${escapeHtml(words.retryHint)}</span>`;
  sendStandalonePage(res, status, {
    title: page.ok ? words.successTitle : words.failureTitle,
    tone: page.ok ? "ok" : "error",
    body: `<div role="${page.ok ? "status" : "alert"}"><h1>${escapeHtml(say(page.message))}</h1>${details}</div><p>${action}</p>`,
    locale,
  });
}
