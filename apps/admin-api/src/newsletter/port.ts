import type { Locale } from "@site/shared/i18n";
import type { ConsentInput, ConsentRecord } from "../common/consent-record.js";
import type { IdempotencyClaim } from "../common/idempotency/port.js";
import type { NewMail, SkippedMail } from "../mail/port.js";
import type { SubscriberStatus } from "@site/shared/office";
import type { NewAuditEntry } from "../staff/port.js";

/** The newsletter capability's storage port: subscribing, unsubscribing, coming back, the subscribers. */

export type SubscriptionStatus = "subscribed" | "unsubscribed";

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


export interface SubscriptionStore {
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
  /** The subscription of the address's `emailKey`, however `email` is spelled. */
  getSubscriptionByEmail(email: string): Promise<SubscriptionRecord | null>;
  getSubscription(id: string): Promise<SubscriptionRecord | null>;
  /**
   * subscribed → unsubscribed, unsubscribedAt and updatedAt = store time: "unsubscribed". "already" for
   * a subscription that was unsubscribed before (nothing changes), "unknown" for no such subscription.
   */
  unsubscribe(id: string): Promise<"unsubscribed" | "already" | "unknown">;
  /** The currently subscribed only (what the firm may mail), oldest subscription first. */
  listSubscribers(): Promise<SubscriptionRecord[]>;
}

/** A subscription as the office lists it: its state in the office's terms and who ended it. */
export interface SubscriberRecord extends SubscriptionRecord {
  officeStatus: SubscriberStatus;
  /** When the link to confirm a return was mailed, while it is `pending`; null otherwise. */
  confirmationSentAt: Date | null;
  /** The staff member who unsubscribed it on the person's request; null when the person did. */
  unsubscribedBy: string | null;
}

/** The office's filters, as the store applies them. */
export interface SubscriberFilter {
  status?: SubscriberStatus | undefined;
  locale?: Locale | undefined;
  /** createdAt >= from. */
  from?: Date | undefined;
  /** createdAt < before. */
  before?: Date | undefined;
  /** A part of the address (any case). */
  q?: string | undefined;
}

/** Where a page starts: after this subscription in the order (createdAt desc, id desc). */
export interface SubscriberCursor {
  createdAt: Date;
  id: string;
}

/** Subscriptions (consent given, first or again) and departures between two moments. */
export interface SubscriberMoves {
  subscribed: number;
  unsubscribed: number;
}

/** The newsletter's office: the subscribers' list, counts, trend, export and unsubscribing by staff. */
export interface SubscriberOfficeStore {
  /** Newest first, `limit` items after `after`. */
  listSubscriberPage(
    filter: SubscriberFilter,
    limit: number,
    after: SubscriberCursor | null,
  ): Promise<{ items: SubscriberRecord[]; next: SubscriberCursor | null }>;
  /** The count per office status under the filter, its status ignored. */
  countSubscribers(filter: SubscriberFilter): Promise<Record<SubscriberStatus, number>>;
  /** Every subscription under the filter, newest first, in pages of `batch` (the CSV export). */
  eachSubscriber(filter: SubscriberFilter, batch: number): AsyncIterable<SubscriberRecord[]>;
  /**
   * For each [start, end) range: the consents given in it (a new subscription, or a return) and the
   * departures in it (unsubscribedAt, of those still unsubscribed).
   */
  subscriberMoves(ranges: readonly { start: Date; end: Date }[]): Promise<SubscriberMoves[]>;
  /**
   * Staff unsubscribe a person on their request: a subscribed or `pending` subscription becomes
   * unsubscribed now (a pending one's link to confirm stops working: it was made for the earlier
   * departure), unsubscribedBy = `by`, with `audit` in the same transaction. "already" (nothing
   * written) for one already plainly unsubscribed; null for no such subscription.
   */
  unsubscribeByStaff(
    id: string,
    by: string,
    audit: NewAuditEntry,
  ): Promise<{ outcome: "unsubscribed" | "already"; subscriber: SubscriberRecord } | null>;
}
