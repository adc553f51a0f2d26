import type { Locale } from "@site/shared/i18n";
import type { ConsentInput, ConsentRecord } from "../common/consent-record.js";
import type { IdempotencyClaim } from "../common/idempotency/port.js";
import type { NewMail } from "../mail/port.js";
import type { NewAuditEntry } from "../staff/port.js";

/** The comments capability's storage port: blog comments, pending until the firm decides. */

/**
 * A blog comment: stored pending, then decided by the firm (links in its notification, the office's
 * queue, or the operator command); `hidden` was approved, then taken off its post in the office.
 */
export type CommentStatus = "pending" | "approved" | "rejected" | "spam" | "hidden";
export const commentStatuses = [
  "pending",
  "approved",
  "rejected",
  "spam",
  "hidden",
] as const satisfies readonly CommentStatus[];

/** Who made a comment's last decision: staff in the office (their address), a mailed link, the command. */
export type CommentDecider =
  { via: "office"; staff: string } | { via: "link" } | { via: "command" };

/** How both stores keep a decider: `office:<address>`, `link`, `command`. */
export function encodeDecider(by: CommentDecider): string {
  return by.via === "office" ? `office:${by.staff}` : by.via;
}

export function decodeDecider(value: string | null | undefined): CommentDecider | null {
  if (value === "link" || value === "command") return { via: value };
  if (typeof value === "string" && value.startsWith("office:"))
    return { via: "office", staff: value.slice("office:".length) };
  return null;
}

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
  /** Who decided it last; null while pending, and for decisions made before this was recorded. */
  moderatedBy: CommentDecider | null;
}

/** The office queue's filters. */
export interface CommentQueueFilter {
  status: CommentStatus;
  post?: string | undefined;
  locale?: Locale | undefined;
}

/** Where a queue page starts: after this comment in the order (createdAt, id), oldest first. */
export interface CommentCursor {
  createdAt: Date;
  id: string;
}

/** A decision staff make in the office: approve, reject or spam a pending comment; hide an approved one. */
export type OfficeCommentDecision = "approved" | "rejected" | "spam" | "hidden";

/** What one office decision did; `comment` is the comment as stored after. */
export type OfficeDecisionOutcome =
  | { kind: "done"; comment: CommentRecord }
  /** Decided before (in the office, by a mailed link or the command); nothing written. */
  | { kind: "already-decided"; comment: CommentRecord }
  /** Only an approved comment can be hidden; nothing written. */
  | { kind: "not-published"; comment: CommentRecord }
  | { kind: "not-found" };

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
    options?: { onlyIfPending?: boolean; by?: CommentDecider },
  ): Promise<"changed" | "unchanged" | "decided" | "unknown">;
  /** The office's queue: comments under the filter, oldest first (createdAt, id), `limit` after `after`. */
  listCommentQueue(
    filter: CommentQueueFilter,
    limit: number,
    after: CommentCursor | null,
  ): Promise<{ items: CommentRecord[]; next: CommentCursor | null }>;
  /** How many comments are in each status, under the filter's post and language. */
  countCommentsByStatus(
    filter: Omit<CommentQueueFilter, "status">,
  ): Promise<Record<CommentStatus, number>>;
  /**
   * A decision from the office: from pending (approved, rejected, spam) or from approved (hidden), checked
   * and written in one atomic step with its audit entry (`comment.approved` ...), as `by`.
   */
  decideCommentInOffice(
    id: string,
    decision: OfficeCommentDecision,
    by: string,
  ): Promise<OfficeDecisionOutcome>;
}

/** The audit action of each office decision. */
export const commentAuditActions = {
  approved: "comment.approved",
  rejected: "comment.rejected",
  spam: "comment.spam",
  hidden: "comment.hidden",
} as const satisfies Record<OfficeCommentDecision, string>;

/** The audit entry of an office decision (the store writes it with the change). */
export const commentAudit = (
  by: string,
  comment: CommentRecord,
  decision: OfficeCommentDecision,
  was: CommentStatus,
): NewAuditEntry => ({
  actor: by,
  action: commentAuditActions[decision],
  target: comment.id,
  details: { post: comment.post, from: was, to: decision },
});

/**
 * Why an office decision cannot apply to a comment in `status`, or null when it can: a decision applies
 * to a pending comment, hiding to an approved one.
 */
export function officeDecisionRefusal(
  decision: OfficeCommentDecision,
  status: CommentStatus,
): "already-decided" | "not-published" | null {
  if (decision === "hidden")
    return status === "approved"
      ? null
      : status === "pending"
        ? "not-published"
        : "already-decided";
  return status === "pending" ? null : "already-decided";
}
