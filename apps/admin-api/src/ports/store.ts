import type { Locale } from "@site/shared/i18n";

/**
 * The storage port. Two adapters implement it (adapters/sqlite, adapters/firestore) and both pass the
 * one contract suite in test/contract. Timestamps are set by the store (server time), never by callers.
 */

export type SubscriptionStatus = "subscribed" | "unsubscribed";
export type ContactStatus = "new";
export type MailState = "PENDING" | "PROCESSING" | "SUCCESS" | "ERROR";
/** A blog comment: stored pending, then decided by the firm (links in its notification, or the operator command). */
export type CommentStatus = "pending" | "approved" | "rejected" | "spam";
export const commentStatuses = [
  "pending",
  "approved",
  "rejected",
  "spam",
] as const satisfies readonly CommentStatus[];

/**
 * Where and under which privacy notice a person agreed (Kenya's Data Protection Act 2019: the firm must be
 * able to prove consent). Validated by the domain: `page` is one of the site's routes, `noticeVersion` one
 * the site has shown; null when the submission did not say.
 */
export interface ConsentInput {
  page: string | null;
  noticeVersion: string | null;
}

/** Consent as recorded: the input plus when it was given, in the store's time (server time). */
export interface ConsentRecord extends ConsentInput {
  at: Date;
}

export interface NewSubscription {
  /** Stored as its `emailKey` (shared schemas: trimmed, NFC, lower-cased), the subscription's one key. */
  email: string;
  /** Omitted: recorded with page and version null. */
  consent?: ConsentInput | undefined;
  /** The language of the page it was sent from: its answers and mails are in it. Omitted: "en". */
  locale?: Locale | undefined;
}

export interface SubscriptionRecord {
  id: string;
  email: string;
  status: SubscriptionStatus;
  /** The language of the current subscription (renewed with the consent); the newsletter's mails use it. */
  locale: Locale;
  /** The consent of the current subscription (renewed when an unsubscribed person subscribes again). */
  consent: ConsentRecord;
  /** When the person last unsubscribed; null while subscribed. */
  unsubscribedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewContact {
  name: string;
  email: string;
  phone?: string | undefined;
  subject: string;
  description: string;
  /** Omitted: recorded with page and version null. */
  consent?: ConsentInput | undefined;
  /** The language of the page it was sent from: its answers and mails are in it. Omitted: "en". */
  locale?: Locale | undefined;
}

export interface ContactRecord extends Omit<NewContact, "consent" | "locale"> {
  id: string;
  locale: Locale;
  status: ContactStatus;
  /** `at` is the contact's createdAt. */
  consent: ConsentRecord;
  createdAt: Date;
  updatedAt: Date;
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
}

/** A message to send. The shape follows Firebase's "Trigger Email" extension document. */
export interface MailMessage {
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header lines, passed through by every transport (e.g. RFC 8058's List-Unsubscribe and
   * List-Unsubscribe-Post). Names and values are the caller's, already header-safe.
   */
  headers?: Record<string, string> | undefined;
}

export interface MailRecord {
  id: string;
  message: MailMessage;
  /** What the mail is about, e.g. { kind: "contact-ack", contactId }. */
  meta: {
    kind:
      | "contact-acknowledgement"
      | "contact-notification"
      | "admin"
      | "newsletter-welcome"
      /** The link an address that had unsubscribed must open to come back (Decision 10). */
      | "newsletter-confirmation"
      | "comment-notification"
      /** The firm told that the daily cap on automatic mail left a visitor's mail out (once a UTC day). */
      | "daily-cap-notification";
    contactId?: string | undefined;
    /** The comment a notification is about. */
    commentId?: string | undefined;
    /** The subscription a newsletter mail belongs to. */
    subscriptionId?: string | undefined;
  };
  delivery: {
    state: MailState;
    attempts: number;
    /** When the worker may next try it. */
    nextAttemptAt: Date;
    /** Until when a worker holds it (a crashed worker's lease runs out, so the row is retried). */
    leaseExpiresAt: Date | null;
    startTime: Date | null;
    endTime: Date | null;
    error: string | null;
    /** The SMTP server's id for a delivered message. */
    messageId: string | null;
  };
  createdAt: Date;
}

export type NewMail = Pick<MailRecord, "message" | "meta"> & {
  /**
   * Set on mail the site sends a visitor on its own (a contact's acknowledgement, a newsletter welcome):
   * the store queues it only within these limits. Set it with the domain's automatic-mail limiter
   * (domain/mail-limits.ts: `limiter.limit(mail)`), never by hand.
   */
  limit?: AutomaticMailLimit | undefined;
};

/**
 * The caps on automatic mail (MAIL_PER_RECIPIENT_DAILY, MAIL_AUTOMATIC_DAILY_CAP). A mail carrying one is
 * queued only if fewer than `perRecipient` limited mails were queued for the same `recipientKey` in the
 * 24 hours up to `now`, and fewer than `dailyCap` in all since the start of `now`'s UTC day; queuing it
 * counts it. Check and count happen in the same transaction as the rest of the write (the contact, the
 * subscription), so concurrent submissions cannot both take the last slot, and a refused mail leaves the
 * rest of the write intact: the visitor's mail is skipped, never the submission or the firm's notification.
 *
 * Every Store method that queues mails must honour it. Adapters do it in one place each, for any caller:
 * SQLite's `insertMails` (inside the caller's transaction), Firestore's `readMailLimits` (reads, in the
 * transaction, before any write) then `plan.write(transaction)`. A welcome mail queued by `addSubscription`
 * goes through the same helpers and reports its skip the same way.
 */
export interface AutomaticMailLimit {
  /**
   * Keyed hash (the data key, domain/data-key.ts) of the recipient's mailbox (shared `mailboxKey`: no
   * sub-address tag, any case), so `name+1@x` and `Name+2@x` share one count: never the address, never
   * a bare hash.
   */
  recipientKey: string;
  perRecipient: number;
  dailyCap: number;
  /** When the mail is queued (the caller's clock, so tests move it). */
  now: Date;
  /**
   * The firm's notice that the daily cap is reached (to its inbox, never itself limited). The first time
   * in a UTC day that the daily cap leaves a mail out, the store queues this notice in the same
   * transaction and records that it did, so the firm is told once a day, whatever restarts or other
   * instances on the same data do.
   */
  dailyCapNotice: DailyCapNotice;
}

/** The firm's notice of AutomaticMailLimit.dailyCap: an ordinary unlimited mail of its own kind. */
export interface DailyCapNotice {
  message: MailMessage;
  meta: { kind: "daily-cap-notification" };
}

/** A limited mail the store did not queue, and which limit stopped it. */
export interface SkippedMail {
  kind: MailRecord["meta"]["kind"];
  to: string;
  reason: "recipient-limit" | "daily-cap";
}

/** Proof of one claim on one mail: what the fenced outbox calls take. */
export interface MailClaim {
  id: string;
  claimToken: string;
}

/** A mail as claimDueMails returns it: the record plus the token of this claim. */
export type ClaimedMail = MailRecord & MailClaim;

/**
 * A submission's idempotency key (Decision: every submission exactly once), claimed in the same
 * transaction as the write it guards. While the key holds, the same key again is not written a second
 * time: the store answers with the first write's result (`replayed: true`, no mail queued), also when the
 * two copies race. The key is scoped to its kind of write.
 */
export interface IdempotencyClaim {
  scope: "contact" | "subscription" | "comment";
  /** As the browser made it (shared idempotencyKeyPattern). */
  key: string;
  /**
   * Keyed hash of the submission's fields (never the fields): the same key with other fields is refused
   * with IdempotencyKeyReusedError, since answering it with the first answer would silently drop it.
   */
  fingerprint: string;
  /** From when the key is forgotten: a key past it counts as new. */
  expiresAt: Date;
  /** The caller's clock (tests move it). */
  now: Date;
}

/** The key of an IdempotencyClaim was already used, while it held, for a submission with other fields. */
export class IdempotencyKeyReusedError extends Error {
  constructor() {
    super("The idempotency key was already used for a submission with other fields");
    this.name = "IdempotencyKeyReusedError";
  }
}

/**
 * `created`: a new address, stored subscribed. `departed`: the address had unsubscribed; its subscription
 * is left exactly as it was (it comes back only through `resubscribe`), and only its mails (the link to
 * confirm) were queued. `duplicate`: still subscribed, nothing queued. `skipped`: mails left out by their
 * AutomaticMailLimit. `replayed`: the write's idempotency key had been used: the first write's answer,
 * nothing new queued.
 */
export type SubscribeResult =
  | { created: true; id: string; skipped: SkippedMail[]; replayed?: true }
  | { created: false; reason: "duplicate" }
  | { created: false; reason: "departed"; id: string; skipped: SkippedMail[]; replayed?: true };

/**
 * What `resubscribe` did: `resubscribed` (its mails, minus `skipped`, queued with it); `stale`: the
 * subscription is no longer unsubscribed since that very moment (subscribed again, or unsubscribed
 * again later), nothing written; `unknown`: no such subscription.
 */
export type ResubscribeResult =
  { outcome: "resubscribed"; skipped: SkippedMail[] } | { outcome: "stale" | "unknown" };

export interface OutboxStats {
  /** PENDING plus PROCESSING (the backlog not yet delivered). */
  pending: number;
  /** ERROR. */
  failed: number;
  /** Age in milliseconds of the oldest PENDING or PROCESSING mail; null when none. */
  oldestPendingAgeMs: number | null;
}

export interface Store {
  /**
   * Race-free: a unique key (SQLite) or a deterministic id with create (Firestore). Never subscribes an
   * address again (Decision 10): a new address is stored subscribed; a subscribed one is a duplicate
   * (nothing queued); an unsubscribed one is `departed` and its subscription is left exactly as it is.
   * `mails` are composed inside the write, after the subscription is read, and told `departedAt`: null
   * for a new address (the welcome mail), its unsubscribedAt for one that had left (the link to
   * confirm, which carries it). They are queued in the same transaction, within their limits, with
   * meta.subscriptionId set; the idempotency key is recorded with the answer either way.
   */
  addSubscription(
    subscription: NewSubscription,
    mails?: (subscriptionId: string, context: { departedAt: Date | null }) => NewMail[],
    idempotency?: IdempotencyClaim,
  ): Promise<SubscribeResult>;
  /**
   * An unsubscribed address comes back (its confirmation link's POST): only while the subscription is
   * still unsubscribed since exactly `departedAt` (compared in milliseconds), so a link is used once and
   * one sent before a later unsubscribe decides nothing. Then, atomically: status subscribed,
   * unsubscribedAt null, the renewal's consent (at store time) and language, and `mails` (the welcome
   * back, within its limits, meta.subscriptionId set) queued.
   */
  resubscribe(
    id: string,
    departedAt: Date,
    renewal: { consent?: ConsentInput | undefined; locale?: Locale | undefined },
    mails?: (subscriptionId: string) => NewMail[],
  ): Promise<ResubscribeResult>;
  /**
   * Saves the contact and queues its mails atomically (one transaction). A mail carrying `limit` that is
   * over it is left out and listed in `skipped`; the contact and the other mails are stored all the same.
   */
  addContactWithMails(
    contact: NewContact,
    mails: (contactId: string) => NewMail[],
    idempotency?: IdempotencyClaim,
  ): Promise<{ id: string; skipped: SkippedMail[]; replayed?: true }>;
  /** Forgets idempotency keys whose expiresAt is at or before `now`; returns how many. */
  purgeIdempotencyKeys(now: Date): Promise<number>;
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
  /** Queues a mail on its own (the admin send-email endpoint). */
  queueMail(mail: NewMail): Promise<{ id: string }>;
  /**
   * Claims up to `limit` mails that are PENDING with nextAttemptAt <= now, or PROCESSING with an
   * expired lease (leaseExpiresAt <= now), marking them PROCESSING with a lease until `leaseUntil`,
   * startTime `now`, and attempts incremented by one (so a worker that crashes mid-send still counts
   * the attempt and a crash loop ends). Oldest first. Returns the records as updated, each with a fresh
   * random claim token stored with the claim.
   *
   * Fencing: the token is the claim's proof. markMailSent, markMailFailed, renewMailLease and
   * releaseMails change a mail only while its stored token is still the caller's (the mail is
   * PROCESSING under that claim); otherwise they change nothing and answer false (or leave it out of
   * the count). A worker whose lease ran out and was taken over by another therefore never overwrites
   * the new holder's state. Each claim, even of the same mail, gets a new token. Two callers claiming
   * at the same time (two processes on one database) never both get the same mail.
   */
  claimDueMails(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]>;
  /**
   * Heartbeat: extends a held claim's lease to `leaseUntil`. False if the claim no longer holds (its
   * lease ran out and another worker claimed the mail, or it was already marked); the caller must
   * then not send it.
   */
  renewMailLease(claim: MailClaim, leaseUntil: Date): Promise<boolean>;
  /**
   * Gives back claims that were not attempted (a clean shutdown): PENDING again, due `now`, the lease
   * and token cleared, and the attempt the claim counted taken back (nothing was handed to a server).
   * Claims that no longer hold are left alone. Returns how many were released.
   */
  releaseMails(claims: readonly MailClaim[], now: Date): Promise<number>;
  /** SUCCESS, endTime, messageId; clears the lease, token and error. False if the claim no longer holds. */
  markMailSent(claim: MailClaim, at: Date, messageId: string | null): Promise<boolean>;
  /**
   * Records a failed attempt: PENDING again with nextAttemptAt, or ERROR (endTime `at`) when `final`.
   * Either way `error` is kept and the lease and token cleared. False if the claim no longer holds.
   */
  markMailFailed(
    claim: MailClaim,
    at: Date,
    error: string,
    retry: { final: boolean; nextAttemptAt: Date },
  ): Promise<boolean>;
  /** Puts an ERROR mail back to PENDING, due `now`, attempts reset to 0 (operators' retry); false if not ERROR. */
  retryMail(id: string, now: Date): Promise<boolean>;
  getContact(id: string): Promise<ContactRecord | null>;
  /** The subscription of the address's `emailKey`, however `email` is spelled. */
  getSubscriptionByEmail(email: string): Promise<SubscriptionRecord | null>;
  getMail(id: string): Promise<MailRecord | null>;
  outboxStats(now: Date): Promise<OutboxStats>;
  /** Oldest first. */
  listMails(filter?: { state?: MailState; contactId?: string }): Promise<MailRecord[]>;
  /** Throws when the store is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;

  // --- A person's data: unsubscribing, export, erasure, retention (Data Protection Act 2019) ---

  getSubscription(id: string): Promise<SubscriptionRecord | null>;
  /**
   * subscribed → unsubscribed, unsubscribedAt and updatedAt = store time: "unsubscribed". "already" for
   * a subscription that was unsubscribed before (nothing changes), "unknown" for no such subscription.
   */
  unsubscribe(id: string): Promise<"unsubscribed" | "already" | "unknown">;
  /** The currently subscribed only (what the firm may mail), oldest subscription first. */
  listSubscribers(): Promise<SubscriptionRecord[]>;
  /**
   * Everything held about an address, found by its `emailKey` (shared schemas), so however it was typed
   * (case in any script, composed or decomposed accents): its subscription, its contacts and its blog
   * comments, and the mails to it or replying to it, or belonging to one of those contacts, comments or
   * that subscription. Contacts, comments and mails oldest first.
   */
  findPersonalData(email: string): Promise<PersonalData>;
  /**
   * Deletes everything findPersonalData finds, and records the erasure (when, and the keyed hash of
   * the address: never the address), in one transaction or batch. Returns what was deleted.
   */
  erasePersonalData(email: string, erasure: { addressHash: string }): Promise<ErasureRecord>;
  /** Erasures recorded, oldest first (the only trace of an erased person). */
  listErasures(): Promise<ErasureRecord[]>;
  /**
   * Empties the text and HTML of mails that finished (SUCCESS or ERROR) before `finishedBefore`, so
   * mail bodies are not kept past their retention; the delivery record stays. Returns how many mails
   * were emptied (an emptied mail is not counted again).
   */
  purgeMailBodies(finishedBefore: Date): Promise<number>;
}

export interface PersonalData {
  subscription: SubscriptionRecord | null;
  contacts: ContactRecord[];
  comments: CommentRecord[];
  mails: MailRecord[];
}

export interface ErasureRecord {
  id: string;
  /** Keyed hash (HMAC) of the erased address: proves which address was erased to someone who has it. */
  addressHash: string;
  erasedAt: Date;
  deleted: { subscriptions: number; contacts: number; comments: number; mails: number };
}
