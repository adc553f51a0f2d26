import type { BlogPostSummary } from "@site/shared/blog";
import { commentMessages } from "@site/shared/messages";
import { commentInputSchema, fieldErrorsOf } from "@site/shared/schemas";
import type { Clock } from "../ports/clock.js";
import { IdempotencyKeyReusedError, type CommentRecord, type Store } from "../ports/store.js";
import type { ModerationDecision, ModerationLinks } from "./comment-links.js";
import type { FormStartTokens } from "./comment-form-start.js";
import { commentNotificationMail } from "./comment-mails.js";
import { resolveConsent } from "./consent.js";
import { submissionLocale } from "./locale.js";
import type { MailIdentity } from "./mails.js";
import type { Idempotency } from "./idempotency.js";
import { decoyId, honeypotFilled, type RequestContext } from "./outcomes.js";

/** A comment as the site shows it: never the address. */
export interface PublicComment {
  id: string;
  name: string;
  text: string;
  createdAt: Date;
}

export type SubmitCommentOutcome =
  | { kind: "created"; id: string }
  | { kind: "dropped"; id: string }
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  /** Refused as a whole, with the plain-words reason to show (too fast, stale page, busy post). */
  | { kind: "refused"; reason: "too-fast" | "stale-form" | "post-limit"; message: string }
  /** The submission's idempotency key was used before for other fields (nothing stored). */
  | { kind: "key-reused" }
  | { kind: "unavailable"; cause: unknown };

export type ModerationPreview =
  | { kind: "valid"; comment: CommentRecord; decision: ModerationDecision }
  | { kind: "forged" }
  | { kind: "expired" }
  | { kind: "gone" }
  | { kind: "unavailable"; cause: unknown };

export type ModerationOutcome =
  | { kind: "done"; comment: CommentRecord; decision: ModerationDecision; changed: boolean }
  | { kind: "forged" }
  | { kind: "expired" }
  | { kind: "gone" }
  | { kind: "unavailable"; cause: unknown };

export interface CommentService {
  /**
   * `context.refererPath`: the page a form posted without script was on (consent's fallback page);
   * `context.idempotencyKey`: the Idempotency-Key header (a repeat is answered with the first answer).
   */
  submit(body: unknown, context?: RequestContext): Promise<SubmitCommentOutcome>;
  /** The signed start time written into a post page's comment form as it is served. */
  formStarted(post: string): string;
  /**
   * The approved comments of a post, oldest first, from a per-post cache (a popular post costs the store
   * one read per `threadCacheMs`); a decision made in this process clears that post's entry at once.
   */
  thread(post: string): Promise<PublicComment[]>;
  /** What a moderation link's page shows (a GET). Changes nothing. */
  preview(token: unknown): Promise<ModerationPreview>;
  /** The moderation page's button (a POST): applies the link's decision. */
  confirm(token: unknown): Promise<ModerationOutcome>;
  /** The operator command: comments waiting for a decision, oldest first. */
  listPending(): Promise<CommentRecord[]>;
  /** The operator command: decides one comment by id. */
  decide(id: string, decision: ModerationDecision): Promise<"changed" | "unchanged" | "unknown">;
}

export interface CommentLimits {
  /** The least time between serving a post page and receiving its comment. */
  minFillMs: number;
  /** Comments one post may receive in an hour, from everyone together. */
  perPostHourly: number;
  /** How long a post's approved thread is served from memory. */
  threadCacheMs: number;
}

export const defaultCommentLimits: CommentLimits = {
  minFillMs: 3000,
  perPostHourly: 30,
  threadCacheMs: 30_000,
};

const hourMs = 60 * 60 * 1000;

export function createCommentService({
  store,
  identity,
  links,
  formStart,
  posts,
  clock,
  limits = defaultCommentLimits,
  idempotency,
  onMailQueued = () => undefined,
}: {
  store: Store;
  identity: MailIdentity;
  /** Answers a repeated submission (same key) with the first answer. */
  idempotency: Idempotency;
  links: ModerationLinks;
  formStart: FormStartTokens;
  /** The blog's posts (packages/shared's build); only these take comments. */
  posts: readonly BlogPostSummary[];
  clock: Clock;
  limits?: CommentLimits;
  onMailQueued?: () => void;
}): CommentService {
  const postsBySlug = new Map(posts.map((post) => [post.slug, post]));
  const threads = new Map<string, { at: number; comments: PublicComment[] }>();

  const verified = async (token: unknown) => {
    const link =
      typeof token === "string" ? links.verify(token) : ({ ok: false, reason: "forged" } as const);
    if (!link.ok) return { kind: link.reason } as const;
    const comment = await store.getComment(link.commentId);
    // A comment erased since (its author asked) is gone, whatever the link says.
    if (!comment) return { kind: "gone" } as const;
    return { kind: "valid", comment, decision: link.decision } as const;
  };

  const decide = async (
    comment: Pick<CommentRecord, "id" | "post">,
    decision: ModerationDecision,
  ) => {
    const result = await store.setCommentStatus(comment.id, decision);
    threads.delete(comment.post);
    return result;
  };

  return {
    async submit(body, context = {}) {
      const parsed = commentInputSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const {
        website,
        page,
        noticeVersion,
        idempotencyKey,
        post: slug,
        formStarted,
        locale,
        ...fields
      } = parsed.data;
      if (honeypotFilled(website)) return { kind: "dropped", id: decoyId() };
      const post = postsBySlug.get(slug);
      if (!post) return { kind: "invalid", fieldErrors: { post: commentMessages.unknownPost } };
      switch (formStart.check(slug, formStarted)) {
        case "invalid":
          return { kind: "refused", reason: "stale-form", message: commentMessages.staleForm };
        case "too-fast":
          return { kind: "refused", reason: "too-fast", message: commentMessages.tooFast };
        case "ok":
          break;
      }
      const consent = resolveConsent({ page, noticeVersion, refererPath: context.refererPath });
      if (!consent.ok) return { kind: "invalid", fieldErrors: consent.fieldErrors };
      try {
        const since = new Date(clock.now().getTime() - hourMs);
        if ((await store.countCommentsSince(slug, since)) >= limits.perPostHourly)
          return { kind: "refused", reason: "post-limit", message: commentMessages.postLimited };
        const comment = {
          post: slug,
          name: fields.name,
          email: fields.email,
          text: fields.comment,
          consent: consent.consent,
          locale: submissionLocale({ locale, page, refererPath: context.refererPath }),
        };
        const keyed = idempotency.claimOf(
          "comment",
          { header: context.idempotencyKey, field: idempotencyKey },
          comment,
        );
        if (!keyed.ok) return { kind: "invalid", fieldErrors: keyed.fieldErrors };
        // The comment and the firm's notification commit together.
        const { id, replayed } = await store.addCommentWithMails(
          comment,
          (commentId) => [
            commentNotificationMail(
              {
                name: comment.name,
                email: comment.email,
                text: comment.text,
                locale: comment.locale,
              },
              commentId,
              post,
              { identity, links },
            ),
          ],
          keyed.claim,
        );
        // A repeat of a stored comment: the first answer, and nothing new to send.
        if (!replayed) onMailQueued();
        return { kind: "created", id };
      } catch (cause) {
        if (cause instanceof IdempotencyKeyReusedError) return { kind: "key-reused" };
        return { kind: "unavailable", cause };
      }
    },

    formStarted: (post) => formStart.issue(post),

    async thread(post) {
      const now = clock.now().getTime();
      const cached = threads.get(post);
      if (cached && now - cached.at < limits.threadCacheMs) return cached.comments;
      const approved = await store.listComments({ status: "approved", post });
      const comments = approved.map(({ id, name, text, createdAt }) => ({
        id,
        name,
        text,
        createdAt,
      }));
      threads.set(post, { at: now, comments });
      return comments;
    },

    async preview(token) {
      try {
        return await verified(token);
      } catch (cause) {
        return { kind: "unavailable", cause };
      }
    },

    async confirm(token) {
      try {
        const found = await verified(token);
        if (found.kind !== "valid") return found;
        const result = await decide(found.comment, found.decision);
        if (result === "unknown") return { kind: "gone" };
        const comment = (await store.getComment(found.comment.id)) ?? found.comment;
        return { kind: "done", comment, decision: found.decision, changed: result === "changed" };
      } catch (cause) {
        return { kind: "unavailable", cause };
      }
    },

    listPending: () => store.listComments({ status: "pending" }),

    async decide(id, decision) {
      const comment = await store.getComment(id);
      if (!comment) return "unknown";
      return decide(comment, decision);
    },
  };
}
