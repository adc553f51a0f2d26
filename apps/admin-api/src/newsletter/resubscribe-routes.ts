import { escapeHtml } from "@site/shared/html";
import type { Request, RequestHandler, Response } from "express";
import { routeById } from "@site/shared/content";
import { localePath, type Locale } from "@site/shared/i18n";
import type { ResubscribeService } from "./resubscribe-service.js";
import { resubscribePath } from "./resubscribe-links.js";
import { answerLocale } from "../http/answer-language.js";
import { sendConfirmPage, sendLinkNotice, sendUnavailable, wordsIn } from "./link-page-routes.js";

/**
 * The pages of the link that brings an address that had unsubscribed back (Decision 10), shaped as the
 * unsubscribe pages (routes/unsubscribe.ts). They speak the language of the form that asked, which the
 * signed link carries; a link that does not verify has none, so the Referer's, else English.
 */
/** 403: not a link we made for this (altered, cut short, or another link's token). */
function sendForged(res: Response, locale: Locale): void {
  const m = wordsIn(locale).unsubscribeMessages.resubscribe;
  sendLinkNotice(res, 403, locale, { title: m.invalidTitle, text: m.invalidText });
}

/** 410: ours, but it no longer decides anything (expired, used, or the address left again since). */
function sendGone(res: Response, locale: Locale): void {
  const m = wordsIn(locale).unsubscribeMessages.resubscribe;
  sendLinkNotice(res, 410, locale, { title: m.goneTitle, text: m.goneText });
}

/** What the link's page and its button answer alike when the link decides nothing (`failed` is logged). */
function sendRefusal(
  req: Request,
  res: Response,
  refusal:
    | { kind: "forged" }
    | { kind: "gone"; locale: Locale }
    | { kind: "unavailable"; cause: unknown; locale: Locale },
  failed: string,
): void {
  switch (refusal.kind) {
    case "forged":
      sendForged(res, answerLocale(req));
      return;
    case "gone":
      sendGone(res, refusal.locale);
      return;
    case "unavailable":
      req.log.error({ err: refusal.cause }, failed);
      sendUnavailable(res, refusal.locale);
      return;
  }
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
      case "gone":
      case "unavailable":
        sendRefusal(req, res, preview, "store failed to read a subscription");
        return;
      case "valid": {
        const { locale } = preview;
        const words = wordsIn(locale);
        const m = words.unsubscribeMessages.resubscribe;
        const privacyPath = localePath(locale, routeById("privacy").path);
        sendConfirmPage(res, locale, {
          title: m.confirmTitle,
          text: m.confirmText,
          email: preview.email,
          extraHtml: `<p>${escapeHtml(words.privacyMessages.newsletterNotice)} <a href="${escapeHtml(privacyPath)}">${escapeHtml(words.privacyMessages.noticeLink)}</a></p>`,
          path: resubscribePath,
          token,
          button: m.confirmButton,
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
        sendLinkNotice(res, 200, outcome.locale, { title: m.doneTitle, text: m.doneText });
        return;
      }
      case "forged":
      case "gone":
      case "unavailable":
        sendRefusal(req, res, outcome, "store failed to subscribe an address again");
        return;
    }
  };
}
