import { createHash } from "node:crypto";
import {
  FieldValue,
  GrpcStatus,
  Timestamp,
  type CollectionReference,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Query,
} from "firebase-admin/firestore";
import type {
  ContactRecord,
  MailRecord,
  NewContact,
  Store,
  SubscriptionRecord,
} from "../../ports/store.js";
import {
  claimedMailDocument,
  isClaimable,
  newMailDocument,
  parseMailDocument,
  toMailRecord,
} from "./mail-document.js";

export interface FirestoreStoreOptions {
  /** A firebase-admin Firestore instance; main.ts builds it (and points it at an emulator when configured). */
  firestore: Firestore;
}

/** Collection names: the spec's two plus the outbox in the "Trigger Email" extension's default collection. */
export const FIRESTORE_COLLECTIONS = {
  subscriptions: "subscriptions",
  contacts: "contacts",
  mail: "mail",
} as const;

/**
 * The subscription's document id: the email itself is a poor id (it may contain "/", and ids show up in
 * logs), its sha256 is deterministic, so create() on it is the race-free unique key.
 */
export function subscriptionDocumentId(email: string): string {
  return createHash("sha256").update(email, "utf8").digest("hex");
}

/** Ids that Firestore would reject or read as a path (a caller-supplied id never reaches doc() unchecked). */
function isDocumentId(id: string): boolean {
  return (
    id.length > 0 &&
    Buffer.byteLength(id, "utf8") <= 1500 &&
    !id.includes("/") &&
    id !== "." &&
    id !== ".." &&
    !/^__.*__$/.test(id)
  );
}

function hasGrpcCode(error: unknown, code: GrpcStatus): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === code;
}

function requireTimestamp(snapshot: DocumentSnapshot, field: string): Date {
  const value: unknown = snapshot.get(field);
  if (!(value instanceof Timestamp))
    throw new Error(`${snapshot.ref.path}: ${field} is not a timestamp`);
  return value.toDate();
}

function requireString(snapshot: DocumentSnapshot, field: string): string {
  const value: unknown = snapshot.get(field);
  if (typeof value !== "string") throw new Error(`${snapshot.ref.path}: ${field} is not a string`);
  return value;
}

function toSubscription(snapshot: DocumentSnapshot): SubscriptionRecord {
  return {
    id: snapshot.id,
    email: requireString(snapshot, "email"),
    status: "subscribed",
    createdAt: requireTimestamp(snapshot, "createdAt"),
    updatedAt: requireTimestamp(snapshot, "updatedAt"),
  };
}

function toContact(snapshot: DocumentSnapshot): ContactRecord {
  const phone: unknown = snapshot.get("phone");
  return {
    id: snapshot.id,
    name: requireString(snapshot, "name"),
    email: requireString(snapshot, "email"),
    ...(typeof phone === "string" ? { phone } : {}),
    subject: requireString(snapshot, "subject"),
    description: requireString(snapshot, "description"),
    status: "new",
    createdAt: requireTimestamp(snapshot, "createdAt"),
    updatedAt: requireTimestamp(snapshot, "updatedAt"),
  };
}

function newContactDocument(contact: NewContact): DocumentData {
  const now = FieldValue.serverTimestamp();
  return {
    name: contact.name,
    email: contact.email,
    // Left out rather than null when absent: Firestore rejects undefined, and "no phone" reads back as such.
    ...(contact.phone === undefined ? {} : { phone: contact.phone }),
    subject: contact.subject,
    description: contact.description,
    status: "new",
    createdAt: now,
    updatedAt: now,
  };
}

const byCreatedAtThenId = (a: MailRecord, b: MailRecord): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The Store port on Cloud Firestore through firebase-admin. Queries touch only top-level fields and avoid
 * collectionGroup, listCollections, cursors and BulkWriter, so the same code runs against
 * @firestore-emulator/server in the contract tests. One composite index is needed in production:
 * mail (state ASC, createdAt ASC), for the oldest-pending query in outboxStats.
 */
export function createFirestoreStore({ firestore }: FirestoreStoreOptions): Store {
  const subscriptions = firestore.collection(FIRESTORE_COLLECTIONS.subscriptions);
  const contacts = firestore.collection(FIRESTORE_COLLECTIONS.contacts);
  const mail: CollectionReference = firestore.collection(FIRESTORE_COLLECTIONS.mail);
  const backlog: Query = mail.where("state", "in", ["PENDING", "PROCESSING"]);

  let closed: Promise<void> | undefined;
  /**
   * After terminate(), firebase-admin rejects a query's stream internally but the query's promise never
   * settles (checked with 13.10.0), so a late call would hang forever: every method fails fast instead.
   */
  const ensureOpen = (): void => {
    if (closed !== undefined) throw new Error("The Firestore store is closed");
  };

  const readMail = (snapshot: DocumentSnapshot): MailRecord | null => {
    const data = snapshot.data();
    return data === undefined ? null : toMailRecord(snapshot.id, parseMailDocument(data));
  };

  /**
   * Claims one mail in a transaction: read, check it is still due, update. Against real Firestore a worker
   * that lost the race retries the transaction, re-reads a leased mail and leaves it. The emulator neither
   * locks nor retries contended transactions, so contention is not tested against it.
   */
  const claimOne = (id: string, now: Date, leaseUntil: Date): Promise<MailRecord | null> =>
    firestore.runTransaction(async (transaction) => {
      const ref = mail.doc(id);
      const snapshot = await transaction.get(ref);
      const data = snapshot.data();
      if (data === undefined) return null;
      const current = parseMailDocument(data);
      if (!isClaimable(current, now)) return null;
      const claimed = claimedMailDocument(current, now, leaseUntil);
      transaction.update(ref, {
        delivery: claimed.delivery,
        state: claimed.state,
        dueAt: claimed.dueAt,
      });
      return toMailRecord(id, claimed);
    });

  /** An update that is a no-op for an unknown id, as an UPDATE matching no row is in SQLite. */
  const updateMail = async (id: string, fields: DocumentData): Promise<void> => {
    if (!isDocumentId(id)) return;
    try {
      await mail.doc(id).update(fields);
    } catch (error) {
      if (hasGrpcCode(error, GrpcStatus.NOT_FOUND)) return;
      throw error;
    }
  };

  return {
    async addSubscription({ email }) {
      ensureOpen();
      const ref = subscriptions.doc(subscriptionDocumentId(email));
      const now = FieldValue.serverTimestamp();
      try {
        await ref.create({ email, status: "subscribed", createdAt: now, updatedAt: now });
      } catch (error) {
        if (hasGrpcCode(error, GrpcStatus.ALREADY_EXISTS))
          return { created: false, reason: "duplicate" };
        throw error;
      }
      return { created: true, id: ref.id };
    },

    async addContactWithMails(contact, mails) {
      ensureOpen();
      const contactRef = contacts.doc();
      // Composed before anything is written: if composing throws, nothing is stored.
      const composed = mails(contactRef.id);
      const batch = firestore.batch();
      batch.create(contactRef, newContactDocument(contact));
      for (const item of composed) batch.create(mail.doc(), newMailDocument(item, contactRef.id));
      await batch.commit();
      return { id: contactRef.id };
    },

    async queueMail(item) {
      ensureOpen();
      const ref = mail.doc();
      await ref.create(newMailDocument(item, item.meta.contactId ?? null));
      return { id: ref.id };
    },

    async claimDueMails(now, leaseUntil, limit) {
      ensureOpen();
      if (limit <= 0) return [];
      // Candidates only: each is claimed (or skipped) in its own transaction below.
      const candidates = await mail
        .where("dueAt", "<=", Timestamp.fromDate(now))
        .orderBy("dueAt")
        .limit(limit)
        .get();
      const claimed = await Promise.all(
        candidates.docs.map((doc) => claimOne(doc.id, now, leaseUntil)),
      );
      return claimed
        .filter((record): record is MailRecord => record !== null)
        .sort(byCreatedAtThenId);
    },

    async markMailSent(id, at, messageId) {
      ensureOpen();
      await updateMail(id, {
        state: "SUCCESS",
        dueAt: null,
        "delivery.state": "SUCCESS",
        "delivery.endTime": Timestamp.fromDate(at),
        "delivery.leaseExpireTime": null,
        "delivery.error": null,
        "delivery.info": { messageId },
      });
    },

    async markMailFailed(id, at, error, retry) {
      ensureOpen();
      if (retry.final) {
        await updateMail(id, {
          state: "ERROR",
          dueAt: null,
          "delivery.state": "ERROR",
          "delivery.endTime": Timestamp.fromDate(at),
          "delivery.leaseExpireTime": null,
          "delivery.error": error,
        });
        return;
      }
      const next = Timestamp.fromDate(retry.nextAttemptAt);
      await updateMail(id, {
        state: "PENDING",
        dueAt: next,
        nextAttemptAt: next,
        "delivery.state": "PENDING",
        "delivery.leaseExpireTime": null,
        "delivery.error": error,
      });
    },

    async retryMail(id, now) {
      ensureOpen();
      if (!isDocumentId(id)) return false;
      const ref = mail.doc(id);
      // A transaction, so two operators retrying at once (or a retry racing the worker) cannot both win.
      return firestore.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        const data = snapshot.data();
        if (data === undefined || parseMailDocument(data).delivery.state !== "ERROR") return false;
        const due = Timestamp.fromDate(now);
        transaction.update(ref, {
          state: "PENDING",
          dueAt: due,
          nextAttemptAt: due,
          "delivery.state": "PENDING",
          "delivery.attempts": 0,
          "delivery.endTime": null,
          "delivery.leaseExpireTime": null,
        });
        return true;
      });
    },

    async getContact(id) {
      ensureOpen();
      if (!isDocumentId(id)) return null;
      const snapshot = await contacts.doc(id).get();
      return snapshot.exists ? toContact(snapshot) : null;
    },

    async getSubscriptionByEmail(email) {
      ensureOpen();
      const snapshot = await subscriptions.doc(subscriptionDocumentId(email)).get();
      return snapshot.exists ? toSubscription(snapshot) : null;
    },

    async getMail(id) {
      ensureOpen();
      if (!isDocumentId(id)) return null;
      return readMail(await mail.doc(id).get());
    },

    async listMails(filter = {}) {
      ensureOpen();
      let query: Query = mail;
      if (filter.state !== undefined) query = query.where("state", "==", filter.state);
      if (filter.contactId !== undefined) query = query.where("contactId", "==", filter.contactId);
      // Sorted here rather than with orderBy: equality filters alone need no composite index.
      const snapshot = await query.get();
      return snapshot.docs
        .map((doc) => toMailRecord(doc.id, parseMailDocument(doc.data())))
        .sort(byCreatedAtThenId);
    },

    async outboxStats(now) {
      ensureOpen();
      const [pending, failed, oldest] = await Promise.all([
        backlog.count().get(),
        mail.where("state", "==", "ERROR").count().get(),
        backlog.orderBy("createdAt").limit(1).get(),
      ]);
      const oldestDoc = oldest.docs[0];
      const oldestCreatedAt =
        oldestDoc === undefined ? null : parseMailDocument(oldestDoc.data()).createdAt.toMillis();
      return {
        pending: pending.data().count,
        failed: failed.data().count,
        oldestPendingAgeMs:
          oldestCreatedAt === null ? null : Math.max(0, now.getTime() - oldestCreatedAt),
      };
    },

    async ping() {
      ensureOpen();
      await subscriptions.limit(1).get();
    },

    close() {
      // terminate() waits for in-flight calls; closing twice returns the same promise.
      closed ??= firestore.terminate();
      return closed;
    },
  };
}
