import escapeHtml from "escape-html";
import type { RequestHandler, Response } from "express";
import { blogPaths } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import {
  apiMessages,
  commentMessages,
  moderationMessages as m,
  requestMessages,
} from "@site/shared/messages";
import { formLevelError, requestContext } from "../form-context.js";
import type { ModerationDecision } from "../../domain/comment-links.js";
import { moderationPath } from "../../domain/comment-links.js";
import type { CommentService } from "../../domain/comment-service.js";
import type { CommentRecord } from "../../ports/store.js";
import { sendStandalonePage } from "../form-page.js";
import { sendFailure, sendSuccess } from "../respond.js";

/** POST /api/comments: translates the use case's outcome to HTTP. */
export function commentHandler(service: CommentService): RequestHandler {
  return async (req, res) => {
    const outcome = await service.submit(req.body, requestContext(req));
    switch (outcome.kind) {
      case "created":
        sendSuccess(res, 201, outcome.id, commentMessages.success);
        return;
      case "dropped":
        req.log.info("comment honeypot filled; submission dropped");
        sendSuccess(res, 201, outcome.id, commentMessages.success);
        return;
      case "invalid":
        sendFailure(
          res,
          400,
          outcome.fieldErrors["post"] ??
            formLevelError(outcome.fieldErrors) ??
            apiMessages.invalidRequest,
          outcome.fieldErrors,
        );
        return;
      case "refused":
        req.log.info({ reason: outcome.reason }, "comment refused");
        sendFailure(res, outcome.reason === "stale-form" ? 400 : 429, outcome.message);
        return;
      case "key-reused":
        sendFailure(res, 422, requestMessages.idempotencyKeyReused);
        return;
      case "unavailable":
        req.log.error({ err: outcome.cause }, "store failed to save a comment");
        sendFailure(res, 503, commentMessages.failure);
        return;
    }
  };
}

const statusWords: Record<CommentRecord["status"], string> = {
  pending: "waiting for moderation",
  approved: "approved (shown under the post)",
  rejected: "rejected",
  spam: "marked as spam",
};

const postTitle = (slug: string) => blogPosts.find((post) => post.slug === slug)?.title ?? slug;

/** The comment as the firm reads it on a moderation page: the post, the name, the date and the text. */
function commentBlock(comment: CommentRecord): string {
  return (
    `<p><span>On</span> <a href="${escapeHtml(blogPaths.post(comment.post))}">${escapeHtml(postTitle(comment.post))}</a></p>` +
    `<p><strong>${escapeHtml(comment.name)}</strong> <span>${escapeHtml(comment.createdAt.toISOString().slice(0, 16).replace("T", " "))} UTC</span></p>` +
    `<blockquote style="white-space:pre-wrap;margin:0 0 1rem;padding-left:1rem;border-left:3px solid #ccc">${escapeHtml(comment.text)}</blockquote>` +
    `<p>${escapeHtml(m.currentState(statusWords[comment.status]))}</p>`
  );
}

/** Moderation pages are for the firm: never cached, never indexed (app.ts makes /api answers no-store). */
function sendModerationPage(
  res: Response,
  status: number,
  page: { title: string; tone: "ok" | "error"; body: string; postsForm?: boolean },
): void {
  res.set("X-Robots-Tag", "noindex, nofollow");
  res.set("Cache-Control", "no-store");
  sendStandalonePage(res, status, page);
}

function sendRefusal(res: Response, kind: "forged" | "expired" | "gone" | "unavailable"): void {
  const [status, title, text] =
    kind === "forged"
      ? [403, m.forgedTitle, m.forgedText]
      : kind === "expired"
        ? [403, m.expiredTitle, m.expiredText]
        : kind === "gone"
          ? [404, m.goneTitle, m.goneText]
          : [503, apiMessages.internal, ""];
  sendModerationPage(res, status, {
    title,
    tone: "error",
    body: `<div role="alert"><h1>${escapeHtml(title)}</h1>${text ? `<p>${escapeHtml(text)}</p>` : ""}</div>`,
  });
}

/**
 * GET /api/comments/moderate?token=…: a link of the firm's notification. It shows the comment and a
 * button; only the button's POST decides (mail scanners and link previews open links).
 */
export function moderationPageHandler(service: CommentService): RequestHandler {
  return async (req, res) => {
    const token = req.query["token"];
    const preview = await service.preview(token);
    if (preview.kind !== "valid") {
      if (preview.kind === "unavailable")
        req.log.error({ err: preview.cause }, "store failed to read a comment");
      sendRefusal(res, preview.kind);
      return;
    }
    const decision: ModerationDecision = preview.decision;
    // A same-origin form post (relative action): it passes the cross-site write guard.
    sendModerationPage(res, 200, {
      title: m.confirmTitle[decision],
      tone: "ok",
      postsForm: true,
      body:
        `<h1>${escapeHtml(m.confirmTitle[decision])}</h1>${commentBlock(preview.comment)}` +
        `<form method="post" action="${escapeHtml(`${moderationPath}?token=${encodeURIComponent(String(token))}`)}">` +
        `<button type="submit">${escapeHtml(m.confirmButton[decision])}</button></form>`,
    });
  };
}

/** POST /api/comments/moderate?token=…: applies the link's decision. Repeating it is harmless. */
export function moderationHandler(service: CommentService): RequestHandler {
  return async (req, res) => {
    const outcome = await service.confirm(req.query["token"]);
    if (outcome.kind !== "done") {
      if (outcome.kind === "unavailable")
        req.log.error({ err: outcome.cause }, "store failed to moderate a comment");
      sendRefusal(res, outcome.kind);
      return;
    }
    req.log.info({ decision: outcome.decision, changed: outcome.changed }, "comment moderated");
    sendModerationPage(res, 200, {
      title: m.doneTitle[outcome.decision],
      tone: "ok",
      body:
        `<div role="status"><h1>${escapeHtml(m.doneTitle[outcome.decision])}</h1>` +
        `<p>${escapeHtml(m.doneText[outcome.decision])}</p></div>` +
        `<p><a href="${escapeHtml(blogPaths.post(outcome.comment.post))}">${escapeHtml(m.back)}</a></p>`,
    });
  };
}
