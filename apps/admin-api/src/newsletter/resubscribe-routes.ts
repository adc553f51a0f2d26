import escapeHtml from "escape-html";
import type { RequestHandler, Response } from "express";
import { routeById } from "@site/shared/content";
import { localePath, type Locale } from "@site/shared/i18n";
import { translations } from "@site/shared/i18n/translations";
import type { ResubscribeService } from "./resubscribe-service.js";
import { resubscribePath } from "./resubscribe-links.js";
import { answerLocale } from "../http/answer-language.js";
import { sendStandalonePage } from "../http/form-page.js";

/**
 * The pages of the link that brings an address that had unsubscribed back (Decision 10), shaped as the
 * unsubscribe pages (routes/unsubscribe.ts). They speak the language of the form that asked, which the
 * signed link carries; a link that does not verify has none, so the Referer's, else English.
 */
const wordsIn = (locale: Locale) => translations(locale).messages;

const backLink = (locale: Locale) =>
  `<p><a href="${escapeHtml(localePath(locale, "/"))}">${escapeHtml(wordsIn(locale).unsubscribeMessages.back)}</a></p>`;

/** 403: not a link we made for this (altered, cut short, or another link's token). */
function sendForged(res: Response, locale: Locale): void {
  const m = wordsIn(locale).unsubscribeMessages.resubscribe;
  sendStandalonePage(res, 403, {
    title: m.invalidTitle,
    tone: "error",
    locale,
    body: `<div role="alert"><h1>${escapeHtml(m.invalidTitle)}</h1><p>${escapeHtml(m.invalidText)}</p></div>${backLink(locale)}`,
  });
}

/** 410: ours, but it no longer decides anything (expired, used, or the address left again since). */
function sendGone(res: Response, locale: Locale): void {
  const m = wordsIn(locale).unsubscribeMessages.resubscribe;
  sendStandalonePage(res, 410, {
    title: m.goneTitle,
    tone: "error",
    locale,
    body: `<div role="alert"><h1>${escapeHtml(m.goneTitle)}</h1><p>${escapeHtml(m.goneText)}</p></div>${backLink(locale)}`,
  });
}

function sendUnavailable(res: Response, locale: Locale): void {
  const internal = wordsIn(locale).apiMessages.internal;
  sendStandalonePage(res, 503, {
    title: internal,
    tone: "error",
    locale,
    body: `<div role="alert"><h1>${escapeHtml(internal)}</h1></div>${backLink(locale)}`,
  });
}

/**
 * GET /api/subscriptions/confirm?token=…: shows whose subscription would come back, the privacy notice
 * and a button. Changes nothing: mail scanners and link previews open links.
 */
export function resubscribePageHandler(service: ResubscribeService): RequestHandler {
  return async (req, res) => {
    const token = req.query["token"];
    const preview = await service.preview(token);
    switch (preview.kind) {
      case "forged":
        sendForged(res, answerLocale(req));
        return;
      case "gone":
        sendGone(res, preview.locale);
        return;
      case "unavailable":
        req.log.error({ err: preview.cause }, "store failed to read a subscription");
        sendUnavailable(res, preview.locale);
        return;
      case "valid": {
        const { locale } = preview;
        const words = wordsIn(locale);
        const m = words.unsubscribeMessages.resubscribe;
        const privacyPath = localePath(locale, routeById("privacy").path);
        // A same-origin form post (relative action): it passes the cross-site write guard.
        sendStandalonePage(res, 200, {
          title: m.confirmTitle,
          tone: "ok",
          locale,
          postsForm: true,
          body:
            `<h1>${escapeHtml(m.confirmTitle)}</h1><p>${escapeHtml(m.confirmText)}</p>` +
            `<p><strong>${escapeHtml(preview.email)}</strong></p>` +
            `<p>${escapeHtml(words.privacyMessages.newsletterNotice)} <a href="${escapeHtml(privacyPath)}">${escapeHtml(words.privacyMessages.link)}</a></p>` +
            `<form method="post" action="${escapeHtml(`${resubscribePath}?token=${encodeURIComponent(String(token))}`)}">` +
            `<button type="submit">${escapeHtml(m.confirmButton)}</button></form>${backLink(locale)}`,
        });
        return;
      }
    }
  };
}

/** POST /api/subscriptions/confirm?token=…: the page's button. The address is subscribed again, once. */
export function resubscribeHandler(service: ResubscribeService): RequestHandler {
  return async (req, res) => {
    const outcome = await service.confirm(req.query["token"]);
    switch (outcome.kind) {
      case "resubscribed": {
        const m = wordsIn(outcome.locale).unsubscribeMessages.resubscribe;
        sendStandalonePage(res, 200, {
          title: m.doneTitle,
          tone: "ok",
          locale: outcome.locale,
          body: `<div role="status"><h1>${escapeHtml(m.doneTitle)}</h1><p>${escapeHtml(m.doneText)}</p></div>${backLink(outcome.locale)}`,
        });
        return;
      }
      case "forged":
        sendForged(res, answerLocale(req));
        return;
      case "gone":
        sendGone(res, outcome.locale);
        return;
      case "unavailable":
        req.log.error({ err: outcome.cause }, "store failed to subscribe an address again");
        sendUnavailable(res, outcome.locale);
        return;
    }
  };
}
