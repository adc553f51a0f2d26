import type { CommentRecord } from "../comments/port.js";
import type { ContactRecord } from "../contacts/port.js";
import type { MailRecord } from "../mail/port.js";
import type { SubscriptionRecord } from "../newsletter/port.js";
import type { DataRequestChannel, DataRequestKind } from "@site/shared/office";
import type { NewAuditEntry } from "../staff/port.js";

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
   * the address: never the address), in one transaction or batch. Returns what was deleted. The office
   * (office-service.ts) passes its audit entries and the register entry it answers: written in the same
   * transaction, with every register entry of the address left holding only its keyed hash.
   */
  erasePersonalData(
    email: string,
    erasure: {
      addressHash: string;
      /** The audit entries, made from the erasure's id and counts. */
      audit?: (erasure: Pick<ErasureRecord, "id" | "deleted">) => NewAuditEntry[];
      answer?: DataRequestAnswer;
    },
  ): Promise<ErasureRecord>;
  /** Erasures recorded, oldest first (the only trace of an erased person). */
  listErasures(): Promise<ErasureRecord[]>;

  /** Records a person's request in the register, with its audit entry, in one transaction. */
  addDataRequest(request: NewDataRequest, audit: NewAuditEntry): Promise<DataRequestRecord>;
  getDataRequest(id: string): Promise<DataRequestRecord | null>;
  /** The register, newest first (createdAt desc, id desc), `limit` entries after `after`. */
  listDataRequests(
    filter: { state?: "open" | "answered" | undefined },
    limit: number,
    after: DataRequestCursor | null,
  ): Promise<{ items: DataRequestRecord[]; next: DataRequestCursor | null }>;
  /** The register's entries of an address (found by its key), newest first. */
  dataRequestsOf(email: string): Promise<DataRequestRecord[]>;
  /**
   * Marks an entry answered (a first answer only: an answered entry keeps its day) and writes the audit
   * entries, in one transaction; null (nothing written) when there is no such entry.
   */
  answerDataRequest(
    answer: DataRequestAnswer,
    audit: NewAuditEntry[],
  ): Promise<DataRequestRecord | null>;
  /** Deletes the entries answered before `day` (YYYY-MM-DD, the audit log's retention); returns how many. */
  purgeDataRequests(answeredBefore: string): Promise<number>;
}

/** The register's part of the port (each store's adapter keeps it in a file of its own). */
export type DataRequestRegister = Pick<
  PersonalDataStore,
  | "addDataRequest"
  | "getDataRequest"
  | "listDataRequests"
  | "dataRequestsOf"
  | "answerDataRequest"
  | "purgeDataRequests"
>;

/** A request a person made about their data, as the register keeps it. */
export interface DataRequestRecord {
  id: string;
  /** The address as staff typed it; null once the person was erased. */
  email: string | null;
  /** The keyed hash (HMAC) of the address's key: all that is left after an erasure. */
  addressHash: string;
  kind: DataRequestKind;
  channel: DataRequestChannel;
  note: string;
  /** UTC days, YYYY-MM-DD. */
  receivedOn: string;
  answeredOn: string | null;
  recordedBy: string | null;
  answeredBy: string | null;
  createdAt: Date;
}

export type NewDataRequest = Omit<
  DataRequestRecord,
  "id" | "answeredOn" | "answeredBy" | "createdAt"
> & { email: string };

/** The entry answered, by whom, on which day (YYYY-MM-DD). */
export interface DataRequestAnswer {
  id: string;
  by: string;
  on: string;
}

/** Where a register page starts: after this entry in the order (createdAt desc, id desc). */
export interface DataRequestCursor {
  createdAt: Date;
  id: string;
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
