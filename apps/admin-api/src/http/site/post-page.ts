import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import { commentThreadHtml, type ThreadComment } from "@site/shared/blog";
import { escapeHtml } from "@site/shared/html";
import { intlLocales, type Locale } from "@site/shared/i18n";
import { translations } from "@site/shared/i18n/translations";
import { fillCommentSlot, type CommentSlot } from "./comment-slot.js";
import { sendPage, type Page } from "./pages.js";

/** What the site needs of the comments (comments/service.ts). */
export interface SiteComments {
  /** The post's approved comments, oldest first (cached per post by the service). */
  thread(post: string): Promise<readonly ThreadComment[]>;
  /** The signed start time for the post's comment form (the minimum fill time). */
  formStarted(post: string): string;
}

/**
 * A post page with its approved comments in the thread's slot and its form's start time filled in.
 * The ETag names the page and the thread (weak: the start time differs on every answer, which only
 * matters to the form, and an older one passes the fill-time check all the more), so a browser
 * revalidating an unchanged thread gets a 304 and the store is read at most once per cache period.
 * If the store cannot be read, the page is served as built, its slot saying there are no comments.
 */
export async function sendPostPage(
  req: Request,
  res: Response,
  page: Page & { comments: CommentSlot },
  comments: SiteComments,
): Promise<void> {
  let thread: string | null = null;
  try {
    thread = commentThreadHtml(
      await comments.thread(page.comments.post),
      threadLanguage(page.comments.locale),
    );
  } catch (error) {
    req.log.error({ err: error }, "store failed to read a post's comments");
  }
  if (thread === null) {
    sendPage(req, res, page, 200);
    return;
  }
  const threadHash = createHash("sha1").update(thread).digest("base64url").slice(0, 16);
  const etag = `W/${page.etag.slice(0, -1)}.${threadHash}"`;
  const slot = page.comments;
  const approved = thread;
  sendPage(
    req,
    res,
    page,
    200,
    () =>
      fillCommentSlot(slot, {
        thread: approved,
        formStarted: escapeHtml(comments.formStarted(slot.post)),
      }),
    etag,
  );
}

/** A thread's words and dates in a page's language (the web prerenders the empty slot the same way). */
const threadLanguage = (locale: Locale) => ({
  dateLocale: intlLocales[locale],
  messages: translations(locale).messages.commentMessages,
});
