import type { Locale } from "@site/shared/i18n";
import type { ConsentInput, ConsentRecord } from "../common/consent-record.js";
import type { IdempotencyClaim } from "../common/idempotency/port.js";
import type { NewMail } from "../mail/port.js";

/** The comments capability's storage port: blog comments, pending until the firm decides. */

/** A blog comment: stored pending, then decided by the firm (links in its notification, or the operator command). */
export type CommentStatus = "pending" | "approved" | "rejected" | "spam";
export const commentStatuses = [
  "pending",
  "approved",
  "rejected",
  "spam",
] as const satisfies readonly CommentStatus[];

export interface NewComment {
  /** The post's slug (checked by the domain against the blog's posts). */
  post: string;
  name: string;
  /** Never shown on the site and never mailed to: the firm's notification only names it. */
  email: string;
  text: string;
  /** Omitted: recorded with page and version null. */
  consent?: ConsentInput | undefined;
  /** The language of the page it was sent from: its answers and mails are in it. Omitted: "en". */
  locale?: Locale | undefined;
}

export interface CommentRecord extends Omit<NewComment, "consent" | "locale"> {
  id: string;
  locale: Locale;
  status: CommentStatus;
  /** `at` is the comment's createdAt. */
  consent: ConsentRecord;
  createdAt: Date;
  updatedAt: Date;
  /** When its status was last decided; null while pending. */
  moderatedAt: Date | null;
}

export interface CommentStore {
  /**
   * Saves a comment as `pending` and queues its mails (the firm's notification, meta.commentId set) in
   * one transaction.
   */
  addCommentWithMails(
    comment: NewComment,
    mails: (commentId: string) => NewMail[],
    idempotency?: IdempotencyClaim,
  ): Promise<{ id: string; replayed?: true }>;
  getComment(id: string): Promise<CommentRecord | null>;
  /** Comments in one status, of one post or of all, oldest first (ties by id). */
  listComments(filter: { status: CommentStatus; post?: string }): Promise<CommentRecord[]>;
  /** How many comments (in any status) a post received at or after `since` (the per-post limit). */
  countCommentsSince(post: string, since: Date): Promise<number>;
  /** How many comments, across every post, still wait for the firm's decision (the office's first screen). */
  countPendingComments(): Promise<number>;
  /**
   * Sets a comment's status (moderatedAt and updatedAt = store time). "unchanged" when it already had
   * that status (nothing is written), "unknown" for no such comment. With `onlyIfPending` (a moderation
   * link decides only a comment still waiting), a comment decided before keeps its status and the
   * answer is "decided" (nothing is written); the check and the write are one atomic step, so of two
   * links confirmed at once only one decides.
   */
  setCommentStatus(
    id: string,
    status: Exclude<CommentStatus, "pending">,
    options?: { onlyIfPending?: boolean },
  ): Promise<"changed" | "unchanged" | "decided" | "unknown">;
}
