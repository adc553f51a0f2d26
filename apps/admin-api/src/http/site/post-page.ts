import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import { commentThreadHtml, type ThreadComment } from "@site/shared/blog";
import { escapeHtml } from "@site/shared/html";
import { intlLocales, type Locale } from "@site/shared/i18n";
import { translations } from "@site/shared/i18n/translations";
import { brotliOpenStream, closeBrotliStream } from "./brotli-end.js";
import { fillCommentSlot, splitAtStartTime, type CommentSlot } from "./comment-slot.js";
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
 * In brotli, all but the start time is compressed once per thread (compressedStart) and the start time
 * with the little after it is added as it is: the size the build's brotli 11 gives, with no compression
 * per answer (brotli 5 made a post 10% larger, past the first flight of TCP). Gzip is compressed per
 * answer (app.ts).
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
  const slot = page.comments;
  const approved = thread;
  const formStarted = () => escapeHtml(comments.formStarted(slot.post));
  const split = splitAtStartTime(slot, approved);
  const start =
    split && req.acceptsEncodings("br") === "br"
      ? await compressedStart(req, slot, threadHash, split.start)
      : undefined;
  sendPage(req, res, page, 200, {
    etag: `W/${page.etag.slice(0, -1)}.${threadHash}"`,
    body: () => fillCommentSlot(slot, { thread: approved, formStarted: formStarted() }),
    brotli:
      start && split
        ? () => closeBrotliStream(start, Buffer.from(formStarted() + split.after))
        : undefined,
  });
}

/**
 * Each post page's start, compressed (brotliOpenStream), for the one thread it was made with. Keyed by
 * the page's slot, read once at start-up (the site hands each request a copy of the page, the same slot).
 */
const openStreams = new WeakMap<CommentSlot, { thread: string; stream: Promise<Buffer> }>();

/**
 * `start` compressed once for the page's current thread: the first answer after a thread changes waits
 * for it (about 130 ms, off the event loop; answers meanwhile share it), the rest reuse it. Undefined if
 * it failed, and the answer is compressed per request instead.
 */
async function compressedStart(
  req: Request,
  slot: CommentSlot,
  thread: string,
  start: () => string,
): Promise<Buffer | undefined> {
  let entry = openStreams.get(slot);
  if (entry?.thread !== thread) {
    entry = { thread, stream: brotliOpenStream(Buffer.from(start())) };
    openStreams.set(slot, entry);
    req.log.info({ post: slot.post, locale: slot.locale }, "post page compressed for its thread");
  }
  try {
    return await entry.stream;
  } catch (error) {
    if (openStreams.get(slot) === entry) openStreams.delete(slot);
    req.log.error({ err: error }, "failed to compress a post page");
    return undefined;
  }
}

/** A thread's words and dates in a page's language (the web prerenders the empty slot the same way). */
const threadLanguage = (locale: Locale) => ({
  dateLocale: intlLocales[locale],
  messages: translations(locale).messages.commentMessages,
});
