import escapeHtml from "escape-html";
import type { RequestHandler, Response } from "express";
import { firm } from "@site/shared/content";
import { apiMessages, unsubscribeMessages as m } from "@site/shared/messages";
import type { UnsubscribeService } from "../../domain/unsubscribe-service.js";
import { unsubscribePath } from "../../domain/unsubscribe-links.js";
import { sendStandalonePage } from "../form-page.js";

const backLink = `<p><a href="/">${escapeHtml(m.back)}</a></p>`;

function sendInvalid(res: Response): void {
  sendStandalonePage(res, 400, {
    title: m.invalidTitle,
    tone: "error",
    body:
      `<div role="alert"><h1>${escapeHtml(m.invalidTitle)}</h1><p>${escapeHtml(m.invalidText)}</p>` +
      `<p><a href="mailto:${escapeHtml(firm.email)}">${escapeHtml(firm.email)}</a></p></div>${backLink}`,
  });
}

function sendDone(res: Response): void {
  sendStandalonePage(res, 200, {
    title: m.doneTitle,
    tone: "ok",
    body: `<div role="status"><h1>${escapeHtml(m.doneTitle)}</h1><p>${escapeHtml(m.doneText)}</p></div>${backLink}`,
  });
}

function sendUnavailable(res: Response): void {
  sendStandalonePage(res, 503, {
    title: apiMessages.internal,
    tone: "error",
    body: `<div role="alert"><h1>${escapeHtml(apiMessages.internal)}</h1></div>${backLink}`,
  });
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
        sendInvalid(res);
        return;
      case "unavailable":
        req.log.error({ err: preview.cause }, "store failed to read a subscription");
        sendUnavailable(res);
        return;
      case "valid":
        if (!preview.subscribed) {
          sendDone(res);
          return;
        }
        // A same-origin form post (relative action): it passes the cross-site write guard.
        sendStandalonePage(res, 200, {
          title: m.confirmTitle,
          tone: "ok",
          postsForm: true,
          body:
            `<h1>${escapeHtml(m.confirmTitle)}</h1><p>${escapeHtml(m.confirmText)}</p>` +
            `<p><strong>${escapeHtml(preview.email)}</strong></p>` +
            `<form method="post" action="${escapeHtml(`${unsubscribePath}?token=${encodeURIComponent(String(token))}`)}">` +
            `<button type="submit">${escapeHtml(m.confirmButton)}</button></form>${backLink}`,
        });
        return;
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
        ? /name="?List-Unsubscribe"?[\s\S]*One-Click/.test(body)
        : (body as Record<string, unknown> | undefined)?.["List-Unsubscribe"] === "One-Click";
    const outcome = await service.confirm(req.query["token"]);
    switch (outcome.kind) {
      case "unsubscribed":
      case "already":
        if (oneClick) res.status(204).end();
        else sendDone(res);
        return;
      case "invalid":
        if (oneClick) res.status(400).end();
        else sendInvalid(res);
        return;
      case "unavailable":
        req.log.error({ err: outcome.cause }, "store failed to unsubscribe");
        if (oneClick) res.status(503).end();
        else sendUnavailable(res);
        return;
    }
  };
}
