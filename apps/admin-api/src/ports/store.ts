import type { CommentStore } from "../comments/port.js";
import type { ContactStore } from "../contacts/port.js";
import type { MailStore, OutboxOfficeStore } from "../mail/port.js";
import type { SubscriberOfficeStore, SubscriptionStore } from "../newsletter/port.js";
import type { PersonalDataStore } from "../personal-data/port.js";
import type { IdempotencyStore } from "../common/idempotency/port.js";
import type { StaffStore } from "../staff/port.js";
import type { LeadStore } from "../leads/port.js";

/**
 * The storage of the whole API: the intersection of the capabilities' ports, each defined beside its
 * capability (contacts/, newsletter/, comments/, mail/, personal-data/, shared/idempotency/) with its
 * SQLite and Firestore adapters and its contract tests. main.ts and the operator commands wire one of
 * the two composed stores (adapters/sqlite/sqlite-store.ts, adapters/firestore/firestore-store.ts);
 * services ask for the capability ports they use. Timestamps are set by the store (server time), never
 * by callers.
 */
export interface Store
  extends
    ContactStore,
    SubscriptionStore,
    SubscriberOfficeStore,
    CommentStore,
    MailStore,
    OutboxOfficeStore,
    PersonalDataStore,
    IdempotencyStore,
    StaffStore,
    LeadStore {
  /** Throws when the store is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type { ConsentInput, ConsentRecord } from "../common/consent-record.js";
export { IdempotencyKeyReusedError, type IdempotencyClaim } from "../common/idempotency/port.js";
export type * from "../mail/port.js";
export type * from "../contacts/port.js";
export type * from "../newsletter/port.js";
export { commentStatuses } from "../comments/port.js";
export type * from "../comments/port.js";
export type * from "../personal-data/port.js";
export type * from "../staff/port.js";
export type * from "../leads/port.js";
