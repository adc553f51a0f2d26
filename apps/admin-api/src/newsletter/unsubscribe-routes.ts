import { escapeHtml } from "@site/shared/html";
import type { RequestHandler, Response } from "express";
import { firm } from "@site/shared/content";
import type { Locale } from "@site/shared/i18n";
import type { UnsubscribeService } from "./unsubscribe-service.js";
import { unsubscribePath } from "./unsubscribe-links.js";
import { answerLocale } from "../http/answer-language.js";
import { sendConfirmPage, sendLinkNotice, sendUnavailable, wordsIn } from "./link-page-routes.js";

/**
 * The pages speak the language the person subscribed in; a link that does not verify (or a store that
 * cannot be read) names no subscription, so the Referer's language, else English.
 */
function sendInvalid(res: Response, locale: Locale): void {
  const m = wordsIn(locale).unsubscribeMessages;
  sendLinkNotice(res, 400, locale, {
    title: m.invalidTitle,
    text: m.invalidText,
    extraHtml: `<p><a href="mailto:${escapeHtml(firm.email)}">${escapeHtml(firm.email)}</a></p>`,
  });
}

function sendDone(res: Response, locale: Locale): void {
  const m = wordsIn(locale).unsubscribeMessages;
  sendLinkNotice(res, 200, locale, { title: m.doneTitle, text: m.doneText });
}

/**
 * GET /api/unsubscribe?token=…: the personal link of every newsletter mail. It only shows what will
 * happen, with a button: mail scanners and link previews open links, and must never unsubscribe anyone.
 */
export function unsubscribePageHandler(service: UnsubscribeService): RequestHandler {
  return async (req, res) => {
    const token = req.query["token"];
    const preview = await service.preview(token);
    switch (preview.kind) {
      case "invalid":
        sendInvalid(res, answerLocale(req));
        return;
      case "unavailable":
        req.log.error({ err: preview.cause }, "store failed to read a subscription");
        sendUnavailable(res, answerLocale(req));
        return;
      case "valid": {
        const { locale } = preview;
        if (!preview.subscribed) {
          sendDone(res, locale);
          return;
        }
        const m = wordsIn(locale).unsubscribeMessages;
        sendConfirmPage(res, locale, {
          title: m.confirmTitle,
          text: m.confirmText,
          email: preview.email,
          path: unsubscribePath,
          token,
          button: m.confirmButton,
        });
        return;
      }
    }
  };
}

/**
 * POST /api/unsubscribe?token=…: subscribed → unsubscribed. Either the button of the page above (answered
 * with a page), or RFC 8058's one-click POST a mail provider sends from its servers with the body
 * `List-Unsubscribe=One-Click` (answered 204, no body). Repeating it is harmless.
 */
export function unsubscribeHandler(service: UnsubscribeService): RequestHandler {
  return async (req, res) => {
    const body: unknown = req.body;
    const oneClick =
      typeof body === "string"
        ? /name="?List-Unsubscribe[\s\S]*One-Click/.test(body)
        : (body as Record<string, unknown> | undefined)?.["List-Unsubscribe"] === "One-Click";
    const outcome = await service.confirm(req.query["token"]);
    switch (outcome.kind) {
      case "unsubscribed":
      case "already":
        if (oneClick) res.status(204).end();
        else sendDone(res, outcome.locale);
        return;
      case "invalid":
        if (oneClick) res.status(400).end();
        else sendInvalid(res, answerLocale(req));
        return;
      case "unavailable":
        req.log.error({ err: outcome.cause }, "store failed to unsubscribe");
        if (oneClick) res.status(503).end();
        else sendUnavailable(res, answerLocale(req));
        return;
    }
  };
}
