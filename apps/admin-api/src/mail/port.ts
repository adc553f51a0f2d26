/**
 * The mail capability's storage port: the outbox (queued, claimed, delivered, retried), the automatic-mail
 * limits every write that queues mails honours, and mail-body retention. Other capabilities queue their
 * mails inside their own write (the transaction seam: see src/mail/sqlite.ts and src/mail/firestore.ts).
 */
import { isLocale, type Locale } from "@site/shared/i18n";

/**
 * HELD: an automatic mail a cap (AutomaticMailLimit) left out, kept as a record so the office can show
 * it (error = the cap: "recipient-limit" or "daily-cap"; no body). It is never claimed nor sent, and
 * listMails leaves it out: the outbox proper is the other four.
 */
export type MailState = "PENDING" | "PROCESSING" | "SUCCESS" | "ERROR" | "HELD";

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
      | "daily-cap-notification"
      /** The office: a staff member's sign-in link, an invitation to the office, a reply to a lead. */
      | "office-sign-in"
      | "office-invitation"
      | "lead-reply";
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
   * (mail/limits.ts: `limiter.limit(mail)`), never by hand.
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
   * Keyed hash (the data key, shared/data-key.ts) of the recipient's mailbox (shared `mailboxKey`: no
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
   * instances on the same data do. Composed only then (mail/daily-cap-notice.ts, with this
   * limit's cap and time): almost every mail is under the cap. Plain data, as the whole mail is: the
   * SQLite store queues it on its writer thread.
   */
  dailyCapNotice: { inbox: string };
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

export interface OutboxStats {
  /** PENDING plus PROCESSING (the backlog not yet delivered). */
  pending: number;
  /** ERROR. */
  failed: number;
  /** Age in milliseconds of the oldest PENDING or PROCESSING mail; null when none. */
  oldestPendingAgeMs: number | null;
}

/** How many mails are in each state (the office's first screen); `held` = HELD. */
export interface OutboxCounts {
  queued: number;
  sending: number;
  sent: number;
  failed: number;
  held: number;
}

export interface MailStore {
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
  getMail(id: string): Promise<MailRecord | null>;
  outboxStats(now: Date): Promise<OutboxStats>;
  /** queued = PENDING, sending = PROCESSING, sent = SUCCESS, failed = ERROR, held = HELD. */
  outboxCounts(): Promise<OutboxCounts>;
  /** Oldest first; never a HELD record (the caps' leftovers are the office's, not the outbox's). */
  listMails(filter?: { state?: MailState; contactId?: string }): Promise<MailRecord[]>;
  /**
   * Empties the text and HTML of mails that finished (SUCCESS or ERROR) before `finishedBefore`, so
   * mail bodies are not kept past their retention; the delivery record stays. Returns how many mails
   * were emptied (an emptied mail is not counted again).
   */
  purgeMailBodies(finishedBefore: Date): Promise<number>;
}

// ---- The office's outbox (mail/office-service.ts) -------------------------------------------------

export type MailKind = MailRecord["meta"]["kind"];

/** The outbox screen's filters, as the store applies them. */
export interface OutboxFilter {
  state?: MailState | undefined;
  kind?: MailKind | undefined;
  /** The mail's language: its Content-Language header, English without one (mailLocale). */
  locale?: Locale | undefined;
  /** The beginning of the recipient's address (or all of it), in lower case, matched against its key. */
  recipient?: string | undefined;
  /** createdAt >= from. */
  from?: Date | undefined;
  /** createdAt < before. */
  before?: Date | undefined;
}

/** Where a page starts: after this mail in the order (createdAt desc, id desc). */
export interface OutboxCursor {
  createdAt: Date;
  id: string;
}

/** A mail as the office reads it: the record, when staff retried it, and when its body was emptied. */
export interface OutboxMail extends MailRecord {
  retriedAt: Date | null;
  bodyPurgedAt: Date | null;
}

/** What a retry from the office did. */
export type OutboxRetry =
  | { kind: "retried"; mail: OutboxMail }
  | { kind: "not-found" }
  | { kind: "not-failed" }
  | { kind: "already-retried" };

/** The language a mail is written in: the Content-Language header its template set, else English. */
export function mailLocale(message: Pick<MailMessage, "headers">): Locale {
  const language = message.headers?.["Content-Language"];
  return isLocale(language) ? language : "en";
}

/**
 * The audit entry of a retry (staff/port.ts's NewAuditEntry; the store writes it in the retry's
 * transaction): the mail's kind and the attempts it had. Not the server's answer: it may name the
 * recipient, and the audit log outlives a person's erasure.
 */
export const mailRetriedAudit = (by: string, mail: MailRecord) => ({
  actor: by,
  action: "mail.retried",
  target: mail.id,
  details: { kind: mail.meta.kind, attempts: String(mail.delivery.attempts) },
});

/** The office's outbox over the mail table or collection (both stores; contract in test/contract). */
export interface OutboxOfficeStore {
  /** Newest first, `limit` mails after `after`, HELD ones included. */
  listOutbox(
    filter: OutboxFilter,
    limit: number,
    after: OutboxCursor | null,
  ): Promise<{ items: OutboxMail[]; next: OutboxCursor | null }>;
  getOutboxMail(id: string): Promise<OutboxMail | null>;
  /**
   * Staff's retry of a failed mail, once: only an ERROR mail never retried before goes back to PENDING,
   * due `now`, attempts from 0, its lease and token cleared (the outbox worker then claims and sends it
   * under its own lease, as any queued mail); retriedAt is set and the audit entry `mail.retried` written
   * in the same transaction. Otherwise nothing changes and the answer says why.
   */
  retryFailedMail(id: string, by: string, now: Date): Promise<OutboxRetry>;
  /** Automatic mails counted against the daily cap since the start of `now`'s UTC day. */
  automaticMailsToday(now: Date): Promise<number>;
}
