import { blogPaths, type BlogPostSummary } from "@site/shared/blog";
import { localePath, type Locale } from "@site/shared/i18n";
import {
  commentDecisionsRequestSchema,
  commentQueueMessages,
  commentsPageSize,
  commentsQuerySchema,
  officeMessages,
  type CommentAction,
  type CommentDecision,
  type CommentDecisionsAnswer,
  type CommentQueueStatus,
  type CommentsPage,
  type QueueComment,
} from "@site/shared/office";
import { fieldErrorsOf } from "@site/shared/schemas";
import { decodeCursor, encodeCursor } from "../common/keyset-cursor.js";
import type { StaffRecord } from "../staff/port.js";
import type { CommentRecord, CommentStatus, CommentStore, OfficeCommentDecision } from "./port.js";

type Invalid = { kind: "invalid"; fieldErrors: Record<string, string> };

/** The office's comment queue (GET /api/office/comments) and its decisions (POST .../decisions). */
export interface OfficeComments {
  /** One page of the queue under the URL's filters (pending when no status is asked), oldest first. */
  list(query: unknown): Promise<Invalid | { kind: "page"; page: CommentsPage }>;
  /**
   * One action on each of the ids, one after the other, each checked and written with its audit entry
   * in one step of the store: a comment a mailed link (or another member of staff) decided first keeps
   * that decision and is reported `already-decided`.
   */
  decide(
    body: unknown,
    me: StaffRecord,
  ): Promise<Invalid | { kind: "decided"; answer: CommentDecisionsAnswer }>;
}

/** The office's names of the stored statuses: `approved` is `published` on screen. */
const queueStatusOf = (status: CommentStatus): CommentQueueStatus =>
  status === "approved" ? "published" : status;
const storedStatusOf = (status: CommentQueueStatus): CommentStatus =>
  status === "published" ? "approved" : status;

const decisionOf: Record<CommentAction, OfficeCommentDecision> = {
  approve: "approved",
  reject: "rejected",
  spam: "spam",
  hide: "hidden",
};

/** Who decided a comment last and when, as the office reads it. */
export function decisionRecord(comment: CommentRecord): CommentDecision | null {
  if (!comment.moderatedAt) return null;
  const by = comment.moderatedBy;
  return {
    at: comment.moderatedAt.toISOString(),
    by: by?.via ?? null,
    staff: by?.via === "office" ? by.staff : null,
  };
}

export function createOfficeComments({
  store,
  posts,
  threadChanged,
}: {
  store: Pick<CommentStore, "listCommentQueue" | "countCommentsByStatus" | "decideCommentInOffice">;
  /** The blog's posts: the post filter's choices, and each comment's post title. */
  posts: readonly BlogPostSummary[];
  /** Called when a post's published comments changed, so its page shows them at once. */
  threadChanged: (post: string) => void;
}): OfficeComments {
  const bySlug = new Map(posts.map((post) => [post.slug, post]));
  const postList = posts.map(({ slug, title }) => ({ slug, title }));

  const postOf = (slug: string, locale: Locale): QueueComment["post"] => {
    const post = bySlug.get(slug);
    const translated = locale === "en" ? undefined : post?.translations[locale]?.title;
    return {
      slug,
      // A post taken off the blog since keeps its slug as its name.
      title: translated ?? post?.title ?? slug,
      path: localePath(locale, blogPaths.post(slug)),
    };
  };

  const toQueueComment = (comment: CommentRecord): QueueComment => ({
    id: comment.id,
    name: comment.name,
    email: comment.email,
    text: comment.text,
    status: queueStatusOf(comment.status),
    locale: comment.locale,
    createdAt: comment.createdAt.toISOString(),
    decision: decisionRecord(comment),
    post: postOf(comment.post, comment.locale),
  });

  return {
    async list(query) {
      const parsed = commentsQuerySchema.safeParse(query);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const { status = "pending", post, locale, cursor } = parsed.data;
      if (post !== undefined && !bySlug.has(post))
        return { kind: "invalid", fieldErrors: { post: commentQueueMessages.unknownPost } };
      const after = cursor === undefined ? null : decodeCursor(cursor);
      if (cursor !== undefined && after === null)
        return { kind: "invalid", fieldErrors: { cursor: officeMessages.invalidCursor } };
      const [page, counts] = await Promise.all([
        store.listCommentQueue(
          { status: storedStatusOf(status), post, locale },
          commentsPageSize,
          after,
        ),
        store.countCommentsByStatus({ post, locale }),
      ]);
      return {
        kind: "page",
        page: {
          items: page.items.map(toQueueComment),
          nextCursor: page.next ? encodeCursor(page.next) : null,
          counts: {
            pending: counts.pending,
            published: counts.approved,
            rejected: counts.rejected,
            spam: counts.spam,
            hidden: counts.hidden,
          },
          posts: postList,
        },
      };
    },

    async decide(body, me) {
      const parsed = commentDecisionsRequestSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const decision = decisionOf[parsed.data.action];
      const results: CommentDecisionsAnswer["results"] = [];
      // One after the other: each its own atomic step, so a failure leaves the ones before decided.
      for (const id of new Set(parsed.data.ids)) {
        const outcome = await store.decideCommentInOffice(id, decision, me.email);
        if (outcome.kind === "not-found") {
          results.push({ id, result: "not-found", status: null, decision: null });
          continue;
        }
        if (outcome.kind === "done") threadChanged(outcome.comment.post);
        results.push({
          id,
          result: outcome.kind,
          status: queueStatusOf(outcome.comment.status),
          decision: decisionRecord(outcome.comment),
        });
      }
      return { kind: "decided", answer: { results } };
    },
  };
}
