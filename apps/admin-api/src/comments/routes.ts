import { escapeHtml } from "@site/shared/html";
import type { Request, RequestHandler, Response } from "express";
import { blogPaths } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { messageRef } from "@site/shared/i18n/message-ref";
import { apiMessages, moderationMessages as m } from "@site/shared/messages";
import { requestContext } from "../http/form-context.js";
import type { ModerationDecision } from "./moderation-links.js";
import { moderationPath } from "./moderation-links.js";
import type { CommentService } from "./service.js";
import type { CommentRecord } from "../ports/store.js";
import { sendStandalonePage } from "../http/form-page.js";
import { sendFailure } from "../http/respond.js";
import { answerSubmission } from "../http/submission-answer.js";

/** POST /api/comments: translates the use case's outcome to HTTP. */
export function commentHandler(service: CommentService): RequestHandler {
  return async (req, res) => {
    const outcome = await service.submit(req.body, requestContext(req));
    if (outcome.kind === "refused") {
      req.log.info({ reason: outcome.reason }, "comment refused");
      sendFailure(res, outcome.reason === "stale-form" ? 400 : 429, outcome.message);
      return;
    }
    answerSubmission(req, res, outcome, {
      form: "comment",
      record: "a comment",
      success: messageRef("commentMessages.success"),
      failure: messageRef("commentMessages.failure"),
      // An unknown post's message comes before any form-level one.
      invalid: messageRef("apiMessages.invalidRequest"),
      leadingField: "post",
    });
  };
}

const statusWords: Record<CommentRecord["status"], string> = {
  pending: "waiting for moderation",
  approved: "approved (shown under the post)",
  rejected: "rejected",
  spam: "marked as spam",
  hidden: "hidden (approved, then taken off the post in the office)",
};

/**
 * The words of a moderation page for a comment decided before its link was used (English, the firm's
 * language, as every moderation page). They belong with `moderationMessages` in @site/shared/messages;
 * they sit here until that catalogue takes them.
 */
const decidedMessages = {
  title: {
    approved: "This comment has already been approved",
    rejected: "This comment has already been rejected",
    spam: "This comment has already been marked as spam",
    hidden: "This comment was approved, then hidden in the office",
  },
  when: {
    approved: (when: string) => `It was approved on ${when}.`,
    rejected: (when: string) => `It was rejected on ${when}.`,
    spam: (when: string) => `It was marked as spam on ${when}.`,
    hidden: (when: string) => `It was hidden on ${when}; it no longer appears under the post.`,
  },
  whenUnknown: {
    approved: "It was approved; when was not recorded.",
    rejected: "It was rejected; when was not recorded.",
    spam: "It was marked as spam; when was not recorded.",
    hidden: "It was hidden; when was not recorded.",
  },
  /** Who decided it (null: a decision from before this was recorded says nothing). */
  by: {
    office: (staff: string) => `Decided in the office's comment queue by ${staff}.`,
    link: "Decided with a link in the firm's mail.",
    command: "Decided with the operator command.",
  },
  linkChangesNothing:
    "This link changed nothing: a moderation link decides only a comment waiting for moderation.",
  changeWith: (command: string) => `To change the decision, use the operator command: ${command}`,
} as const;

/** The command that changes a decision deliberately (cli/comments.ts). */
const cliVerbs: Record<ModerationDecision, string> = {
  approved: "approve",
  rejected: "reject",
  spam: "spam",
};

/** The moderation pages' one date format, made once: building an Intl.DateTimeFormat costs far more than using it. */
const utcWords = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "full",
  timeStyle: "short",
  timeZone: "UTC",
});

/** A time in words, in UTC: "Wednesday, 25 November 2026 at 14:03 UTC". */
const timeInWords = (date: Date) => `${utcWords.format(date)} UTC`;

const postTitle = (slug: string) => blogPosts.find((post) => post.slug === slug)?.title ?? slug;

/** The comment as the firm reads it on a moderation page: the post, the name, the date and the text. */
function commentBlock(comment: CommentRecord, { withState = true } = {}): string {
  return (
    `<p><span>On</span> <a href="${escapeHtml(blogPaths.post(comment.post))}">${escapeHtml(postTitle(comment.post))}</a></p>` +
    `<p><strong>${escapeHtml(comment.name)}</strong> <span>${escapeHtml(timeInWords(comment.createdAt))}</span></p>` +
    `<blockquote style="white-space:pre-wrap;margin:0 0 1rem;padding-left:1rem;border-left:3px solid #ccc">${escapeHtml(comment.text)}</blockquote>` +
    (withState ? `<p>${escapeHtml(m.currentState(statusWords[comment.status]))}</p>` : "")
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

/**
 * The page of a link whose comment was decided before: what was decided and when, the comment, and no
 * button. 200 when the link asks for what was decided (the same link again); 409 to a POST of a link
 * asking for another decision, which it did not make.
 */
function sendDecided(
  res: Response,
  { comment, decision }: { comment: CommentRecord; decision: ModerationDecision },
  method: "GET" | "POST",
): void {
  const status = comment.status === "pending" ? decision : comment.status;
  const differs = status !== decision;
  const words = decidedMessages;
  const when = comment.moderatedAt
    ? words.when[status](timeInWords(comment.moderatedAt))
    : words.whenUnknown[status];
  const by = comment.moderatedBy;
  const who = by
    ? `<p>${escapeHtml(by.via === "office" ? words.by.office(by.staff) : words.by[by.via])}</p>`
    : "";
  const change = differs
    ? `<p>${escapeHtml(words.linkChangesNothing)}</p>` +
      `<p>${escapeHtml(words.changeWith(`site-comments ${cliVerbs[decision]} --change ${comment.id}`))}</p>`
    : "";
  sendModerationPage(res, differs && method === "POST" ? 409 : 200, {
    title: words.title[status],
    tone: differs && method === "POST" ? "error" : "ok",
    body:
      `<div role="${differs && method === "POST" ? "alert" : "status"}"><h1>${escapeHtml(words.title[status])}</h1>` +
      `<p>${escapeHtml(when)}</p>${who}${change}</div>${commentBlock(comment, { withState: false })}`,
  });
}

/**
 * A link that decides nothing: not ours or expired (403), its comment erased (404), or the store failed
 * (503, its cause logged as `failed`).
 */
function sendRefusal(
  req: Request,
  res: Response,
  refusal: { kind: "forged" | "expired" | "gone" } | { kind: "unavailable"; cause: unknown },
  failed: string,
): void {
  const { kind } = refusal;
  if (refusal.kind === "unavailable") req.log.error({ err: refusal.cause }, failed);
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
 * GET /api/comments/moderate?token=…: a link of the firm's notification. It shows the comment and, while
 * the comment is pending, a button; only the button's POST decides (mail scanners and link previews
 * open links). Once the comment is decided, the page says what was decided and when, with no button.
 */
export function moderationPageHandler(service: CommentService): RequestHandler {
  return async (req, res) => {
    const token = req.query["token"];
    const preview = await service.preview(token);
    if (preview.kind === "decided") {
      sendDecided(res, preview, "GET");
      return;
    }
    if (preview.kind !== "pending") {
      sendRefusal(req, res, preview, "store failed to read a comment");
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

/**
 * POST /api/comments/moderate?token=…: applies the link's decision to a pending comment. A comment
 * decided before keeps its decision (another link of the same mail cannot overturn it); the page says
 * what was decided and when. Repeating it is harmless.
 */
export function moderationHandler(service: CommentService): RequestHandler {
  return async (req, res) => {
    const outcome = await service.confirm(req.query["token"]);
    if (outcome.kind === "decided") {
      req.log.info(
        { decision: outcome.decision, status: outcome.comment.status },
        "moderation link of a comment already decided; nothing changed",
      );
      sendDecided(res, outcome, "POST");
      return;
    }
    if (outcome.kind !== "done") {
      sendRefusal(req, res, outcome, "store failed to moderate a comment");
      return;
    }
    req.log.info({ decision: outcome.decision }, "comment moderated");
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
