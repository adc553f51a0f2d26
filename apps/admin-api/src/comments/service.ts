import type { BlogPostSummary } from "@site/shared/blog";
import { messageRef, type MessageRef } from "@site/shared/i18n/message-ref";
import { commentInputSchema } from "@site/shared/schemas";
import type { Clock } from "../ports/clock.js";
import type { CommentRecord, Store } from "../ports/store.js";
import type { CommentDecider } from "./port.js";
import { createOfficeComments, type OfficeComments } from "./office-service.js";
import type { ModerationDecision, ModerationLinks } from "./moderation-links.js";
import type { FormStartTokens } from "./form-start.js";
import { commentNotificationMail } from "./mails.js";
import type { MailIdentity } from "../mail/templates.js";
import type { RequestContext } from "../common/outcomes.js";
import { keyedFieldErrors } from "../common/messages.js";
import {
  createSubmission,
  type SubmissionDeps,
  type SubmissionOutcome,
} from "../common/submission.js";

/** A comment as the site shows it: never the address. */
export interface PublicComment {
  id: string;
  name: string;
  text: string;
  createdAt: Date;
}

export type SubmitCommentOutcome = SubmissionOutcome<
  /** Refused as a whole, with the plain-words reason to show (too fast, stale page, busy post). */
  { kind: "refused"; reason: "too-fast" | "stale-form" | "post-limit"; message: MessageRef }
>;

type LinkRefusal =
  | { kind: "forged" }
  | { kind: "expired" }
  | { kind: "gone" }
  | { kind: "unavailable"; cause: unknown };

/**
 * A comment decided before the link was used: what `comment.status` and `comment.moderatedAt` say was
 * decided and when; `decision` is the link's own (the same as the comment's when a link is used twice).
 */
type AlreadyDecided = { kind: "decided"; comment: CommentRecord; decision: ModerationDecision };

export type ModerationPreview =
  /** Still pending: the page asks to confirm the link's decision. */
  | { kind: "pending"; comment: CommentRecord; decision: ModerationDecision }
  | AlreadyDecided
  | LinkRefusal;

export type ModerationOutcome =
  /** This confirmation decided it (the comment as stored after, with its moderatedAt). */
  | { kind: "done"; comment: CommentRecord; decision: ModerationDecision }
  | AlreadyDecided
  | LinkRefusal;

/** What deciding one comment by id did (see decideComment). */
export type DecideOutcome =
  /** It was pending and now has the decision. */
  | { kind: "decided"; comment: CommentRecord }
  /** It had been decided otherwise, and `change` was asked: `was` is the comment before. */
  | { kind: "changed"; comment: CommentRecord; was: CommentRecord }
  /** It had been decided before and keeps that decision (the same one, or `change` was not asked). */
  | { kind: "kept"; comment: CommentRecord }
  | { kind: "unknown" };

/**
 * Decides one comment by id. A comment still pending takes the decision, in one atomic step of the
 * store (of two decisions at once, one wins and the other finds it decided). A comment decided before
 * keeps its decision unless `change` is set: only a deliberate act (the operator command's `--change`)
 * overturns one, never a moderation link.
 */
export async function decideComment(
  store: Pick<Store, "getComment" | "setCommentStatus">,
  id: string,
  decision: ModerationDecision,
  { change = false, by }: { change?: boolean; by?: CommentDecider } = {},
): Promise<DecideOutcome> {
  const first = await store.setCommentStatus(id, decision, { onlyIfPending: true, by });
  if (first === "unknown") return { kind: "unknown" };
  const current = await store.getComment(id);
  // Erased in between (its author asked).
  if (!current) return { kind: "unknown" };
  if (first === "changed") return { kind: "decided", comment: current };
  if (!change || current.status === decision) return { kind: "kept", comment: current };
  const second = await store.setCommentStatus(id, decision, { by });
  const after = await store.getComment(id);
  if (second === "unknown" || !after) return { kind: "unknown" };
  return second === "changed"
    ? { kind: "changed", comment: after, was: current }
    : { kind: "kept", comment: after };
}

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
  /**
   * Calls `listener` with a post's slug each time a decision made in this process changes what its
   * thread shows (after clearing the cached thread): the site compresses the post's pages again then.
   */
  onThreadChange(listener: (post: string) => void): void;
  /**
   * What a moderation link's page shows (a GET): the comment and, while it is pending, the link's
   * decision to confirm; once decided, what was decided and when. Changes nothing.
   */
  preview(token: unknown): Promise<ModerationPreview>;
  /**
   * The moderation page's button (a POST): applies the link's decision to a pending comment only. A
   * comment decided before (by another link of the same mail, the same link twice, or the operator
   * command) keeps its decision: the answer says what it was and when.
   */
  confirm(token: unknown): Promise<ModerationOutcome>;
  /** The operator command: comments waiting for a decision, oldest first. */
  listPending(): Promise<CommentRecord[]>;
  /** Decides one comment by id (decideComment), clearing its post's cached thread. */
  decide(
    id: string,
    decision: ModerationDecision,
    options?: { change?: boolean; by?: CommentDecider },
  ): Promise<DecideOutcome>;
  /** The office's comment queue and its decisions (office-service.ts), clearing the threads they change. */
  office: OfficeComments;
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
  ...deps
}: SubmissionDeps & {
  store: Store;
  identity: MailIdentity;
  links: ModerationLinks;
  formStart: FormStartTokens;
  /** The blog's posts (packages/shared's build); only these take comments. */
  posts: readonly BlogPostSummary[];
  clock: Clock;
  limits?: CommentLimits;
}): CommentService {
  const postsBySlug = new Map(posts.map((post) => [post.slug, post]));
  const threads = new Map<string, { at: number; comments: PublicComment[] }>();
  const threadListeners: ((post: string) => void)[] = [];
  const threadChanged = (post: string) => {
    threads.delete(post);
    for (const listener of threadListeners) listener(post);
  };

  const verified = async (token: unknown): Promise<ModerationPreview> => {
    const link =
      typeof token === "string" ? links.verify(token) : ({ ok: false, reason: "forged" } as const);
    if (!link.ok) return { kind: link.reason };
    const comment = await store.getComment(link.commentId);
    // A comment erased since (its author asked) is gone, whatever the link says.
    if (!comment) return { kind: "gone" };
    return comment.status === "pending"
      ? { kind: "pending", comment, decision: link.decision }
      : { kind: "decided", comment, decision: link.decision };
  };

  const decide = async (
    id: string,
    decision: ModerationDecision,
    options?: { change?: boolean; by?: CommentDecider },
  ): Promise<DecideOutcome> => {
    const outcome = await decideComment(store, id, decision, options);
    if (outcome.kind !== "unknown") threadChanged(outcome.comment.post);
    return outcome;
  };

  const submit: CommentService["submit"] = createSubmission(
    {
      schema: commentInputSchema,
      scope: "comment",
      // Only a post of the blog takes comments, from a form served long enough ago (form-start.ts).
      screen: ({
        post: slug,
        formStarted,
      }): { refused: SubmitCommentOutcome } | { passed: BlogPostSummary } => {
        const post = postsBySlug.get(slug);
        if (!post)
          return {
            refused: {
              kind: "invalid",
              fieldErrors: keyedFieldErrors({ post: messageRef("commentMessages.unknownPost") }),
            },
          };
        switch (formStart.check(slug, formStarted)) {
          case "invalid":
            return {
              refused: {
                kind: "refused",
                reason: "stale-form",
                message: messageRef("commentMessages.staleForm"),
              },
            };
          case "too-fast":
            return {
              refused: {
                kind: "refused",
                reason: "too-fast",
                message: messageRef("commentMessages.tooFast"),
              },
            };
          case "ok":
            return { passed: post };
        }
      },
      entry: ({ post, name, email, comment }, { consent, locale }) => ({
        post,
        name,
        email,
        text: comment,
        consent,
        locale,
      }),
      async admit({ post }) {
        const since = new Date(clock.now().getTime() - hourMs);
        if ((await store.countCommentsSince(post, since)) >= limits.perPostHourly)
          return {
            kind: "refused",
            reason: "post-limit",
            message: messageRef("commentMessages.postLimited"),
          };
        return undefined;
      },
      async write(comment, claim, post) {
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
          claim,
        );
        // Nothing is mailed to the commenter, so no automatic-mail limit leaves anything out.
        return { kind: replayed ? "replayed" : "stored", answer: { kind: "created", id } };
      },
    },
    deps,
  );

  return {
    submit,

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
        if (found.kind !== "pending") return found;
        // Pending when read; the store decides only if it still is (another link may win meanwhile).
        const outcome = await decide(found.comment.id, found.decision, { by: { via: "link" } });
        switch (outcome.kind) {
          case "decided":
            return { kind: "done", comment: outcome.comment, decision: found.decision };
          case "kept":
          case "changed":
            return { kind: "decided", comment: outcome.comment, decision: found.decision };
          case "unknown":
            return { kind: "gone" };
        }
      } catch (cause) {
        return { kind: "unavailable", cause };
      }
    },

    onThreadChange(listener) {
      threadListeners.push(listener);
    },

    listPending: () => store.listComments({ status: "pending" }),

    decide,

    office: createOfficeComments({
      store,
      posts,
      // A published comment shown or hidden from the office reaches its post's page at once.
      threadChanged,
    }),
  };
}
