import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import type { Logger } from "pino";
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
  /** Calls `listener` with a post's slug when a decision here changes its thread (to compress again). */
  onThreadChange?(listener: (post: string) => void): void;
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
  const slot = page.comments;
  const thread = await threadOf(slot, comments, req.log);
  if (thread === null) {
    sendPage(req, res, page, 200);
    return;
  }
  const formStarted = () => escapeHtml(comments.formStarted(slot.post));
  const split = splitAtStartTime(slot, thread.html);
  const start =
    split && req.acceptsEncodings("br") === "br"
      ? await compressedStart(slot, thread.hash, split.start, req.log)
      : undefined;
  sendPage(req, res, page, 200, {
    etag: `W/${page.etag.slice(0, -1)}.${thread.hash}"`,
    body: () => fillCommentSlot(slot, { thread: thread.html, formStarted: formStarted() }),
    brotli:
      start && split
        ? () => closeBrotliStream(start, Buffer.from(formStarted() + split.after))
        : undefined,
  });
}

/** Where a post page's work is logged: the request's logger, or the app's at start-up. */
type Log = Pick<Logger, "info" | "error">;

/** The post's approved comments as the page shows them, and their hash; null if the store failed. */
async function threadOf(
  slot: CommentSlot,
  comments: SiteComments,
  log: Log,
): Promise<{ html: string; hash: string } | null> {
  try {
    const html = commentThreadHtml(await comments.thread(slot.post), threadLanguage(slot.locale));
    return { html, hash: createHash("sha1").update(html).digest("base64url").slice(0, 16) };
  } catch (error) {
    log.error({ err: error }, "store failed to read a post's comments");
    return null;
  }
}

/**
 * Compresses post pages' starts for their current threads, one page at a time (the thread pool stays
 * free for the answers meanwhile), so that no visitor waits for a compression: every post's as the
 * server starts, a post's again when a decision changes its thread. Logs `done` once, with the count.
 * A page whose thread cannot be read is left to its next visit.
 */
export async function warmPostPages(
  slots: Iterable<CommentSlot>,
  comments: SiteComments,
  log: Log,
  done = "post pages compressed at start-up",
): Promise<void> {
  const began = performance.now();
  let pages = 0;
  for (const slot of slots) {
    const thread = await threadOf(slot, comments, log);
    const split = thread && splitAtStartTime(slot, thread.html);
    if (!thread || !split) continue;
    if (await compressedStart(slot, thread.hash, split.start, log, { quiet: true })) pages += 1;
  }
  log.info({ pages, ms: Math.round(performance.now() - began) }, done);
}

/**
 * Each post page's start, compressed (brotliOpenStream), for the one thread it was made with. Keyed by
 * the page's slot, read once at start-up (the site hands each request a copy of the page, the same slot).
 */
const openStreams = new WeakMap<CommentSlot, { thread: string; stream: Promise<Buffer> }>();

/**
 * `start` compressed once for the page's current thread: made at start-up (warmPostPages) or, after
 * the thread changes, by the first answer, which waits for it (about 130 ms, off the event loop;
 * answers meanwhile share it); the rest reuse it. Undefined if it failed, and the answer is compressed
 * per request instead. Each compression made for an answer logs a line.
 */
async function compressedStart(
  slot: CommentSlot,
  thread: string,
  start: () => string,
  log: Log,
  { quiet = false } = {},
): Promise<Buffer | undefined> {
  let entry = openStreams.get(slot);
  if (entry?.thread !== thread) {
    entry = { thread, stream: brotliOpenStream(Buffer.from(start())) };
    openStreams.set(slot, entry);
    if (!quiet)
      log.info({ post: slot.post, locale: slot.locale }, "post page compressed for its thread");
  }
  try {
    return await entry.stream;
  } catch (error) {
    if (openStreams.get(slot) === entry) openStreams.delete(slot);
    log.error({ err: error }, "failed to compress a post page");
    return undefined;
  }
}

/** A thread's words and dates in a page's language (the web prerenders the empty slot the same way). */
const threadLanguage = (locale: Locale) => ({
  dateLocale: intlLocales[locale],
  messages: translations(locale).messages.commentMessages,
});
