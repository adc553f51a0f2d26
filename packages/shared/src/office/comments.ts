import * as z from "zod/mini";
import { locales } from "../i18n/index.js";
import {
  commentActions,
  commentDecisionResults,
  commentDeciders,
  commentDecisionsMax,
  commentQueueMessages,
  commentQueueStatuses,
  officeLimits,
} from "./constants.js";
import { officeMessages } from "./messages.js";
import { cursorParam, optionalParam } from "./fields.js";

/*
 * The office's comment queue: the wire contract of /api/office/comments and
 * /api/office/comments/decisions (apps/admin-api/src/comments/office-*.ts).
 */

const isoDateTime = z.iso.datetime();

/** A post's slug as the blog makes them (lower-case words and hyphens); the API checks it is a post. */
const postSlug = z
  .string({ error: commentQueueMessages.unknownPost })
  .check(
    z.maxLength(120, { error: commentQueueMessages.unknownPost, abort: true }),
    z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: commentQueueMessages.unknownPost }),
  );

/** A comment id as the stores make them (UUIDs, Firestore's 20-character ids). */
const commentId = z
  .string({ error: officeMessages.invalidRequest })
  .check(z.regex(/^[\w-]{1,64}$/, { error: officeMessages.invalidRequest }));

/**
 * GET /api/office/comments: the queue's filters, as query parameters (kept in the office's URL).
 * Without a status, the pending comments (the queue proper).
 */
export const commentsQuerySchema = z.object({
  status: optionalParam(z.enum(commentQueueStatuses, { error: officeMessages.invalidRequest })),
  post: optionalParam(postSlug),
  locale: optionalParam(z.enum(locales, { error: officeMessages.invalidRequest })),
  cursor: optionalParam(cursorParam(officeLimits.cursor)),
});
export type CommentsQueryInput = z.input<typeof commentsQuerySchema>;
export type CommentsQuery = z.output<typeof commentsQuerySchema>;

/** Who decided a comment last and when; null while pending (and for decisions from before this was kept). */
const decisionSchema = z.object({
  at: isoDateTime,
  by: z.nullable(z.enum(commentDeciders)),
  /** The staff member's address when `by` is `office`. */
  staff: z.nullable(z.string()),
});
export type CommentDecision = z.infer<typeof decisionSchema>;

export const queueCommentSchema = z.object({
  id: z.string(),
  /** The name the visitor gave (plain text: the office shows it as text, never as HTML). */
  name: z.string(),
  /** The visitor's address: never shown on the site. */
  email: z.string(),
  text: z.string(),
  status: z.enum(commentQueueStatuses),
  /** The language of the page it was sent from. */
  locale: z.enum(locales),
  createdAt: isoDateTime,
  decision: z.nullable(decisionSchema),
  /** Its post: the title in the comment's language, and the page in that language. */
  post: z.object({ slug: z.string(), title: z.string(), path: z.string() }),
});
export type QueueComment = z.infer<typeof queueCommentSchema>;

/** GET /api/office/comments: one page, oldest first, the counts per status, and the posts to filter by. */
export const commentsPageSchema = z.object({
  items: z.array(queueCommentSchema),
  nextCursor: z.nullable(z.string()),
  /** Per status, under the post and language filters. */
  counts: z.object({
    pending: z.number(),
    published: z.number(),
    rejected: z.number(),
    spam: z.number(),
    hidden: z.number(),
  }),
  /** Every post of the blog (English titles), for the post filter. */
  posts: z.array(z.object({ slug: z.string(), title: z.string() })),
});
export type CommentsPage = z.infer<typeof commentsPageSchema>;

/** POST /api/office/comments/decisions: one action on one comment or up to commentDecisionsMax. */
export const commentDecisionsRequestSchema = z.object({
  action: z.enum(commentActions, { error: officeMessages.invalidRequest }),
  ids: z
    .array(commentId, { error: commentQueueMessages.noComments })
    .check(
      z.minLength(1, { error: commentQueueMessages.noComments }),
      z.maxLength(commentDecisionsMax, { error: commentQueueMessages.tooManyComments }),
    ),
});
export type CommentDecisionsRequest = z.input<typeof commentDecisionsRequestSchema>;

/** Each id's result, in the order asked (a repeated id is decided once and reported once). */
export const commentDecisionsAnswerSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      result: z.enum(commentDecisionResults),
      /** The comment as it is now (after this decision, or the one made first); null when not found. */
      status: z.nullable(z.enum(commentQueueStatuses)),
      decision: z.nullable(decisionSchema),
    }),
  ),
});
export type CommentDecisionsAnswer = z.infer<typeof commentDecisionsAnswerSchema>;
