import type { CommentRecord } from "../comments/port.js";
import type { ContactRecord } from "../contacts/port.js";
import type { MailRecord } from "../mail/port.js";
import type { SubscriptionRecord } from "../newsletter/port.js";

/** The personal-data capability's storage port: export and erasure (Data Protection Act 2019). */

export interface PersonalDataStore {
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
