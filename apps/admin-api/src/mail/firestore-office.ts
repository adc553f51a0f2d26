import { Timestamp, type DocumentSnapshot, type Query } from "firebase-admin/firestore";
import {
  FIRESTORE_COLLECTIONS,
  isDocumentId,
  type FirestoreContext,
} from "../adapters/firestore/fields.js";
import type { FirestoreOfficeSeam } from "../staff/firestore.js";
import { readMailDocument, requeuedFields, toMailRecord } from "./firestore-document.js";
import { utcDay } from "./limit-window.js";
import {
  mailLocale,
  mailRetriedAudit,
  type OutboxCursor,
  type OutboxFilter,
  type OutboxMail,
  type OutboxOfficeStore,
} from "./port.js";

/**
 * The office's outbox on Firestore: the `mail` documents, newest first. The state and the date range
 * are the query (firestore.indexes.json: mail state + createdAt descending); the kind, the language and
 * the recipient's beginning are nested or derived fields the emulator cannot filter on, so they are checked
 * while reading pages of that query, as the leads' search is. A retry is one transaction with its audit
 * entry.
 */

function toOutboxMail(snapshot: DocumentSnapshot): OutboxMail | null {
  const read = readMailDocument(snapshot.data() ?? {});
  if (!read.ok) return null;
  const retriedAt: unknown = snapshot.get("retriedAt");
  return {
    ...toMailRecord(snapshot.id, read.doc),
    retriedAt: retriedAt instanceof Timestamp ? retriedAt.toDate() : null,
    bodyPurgedAt: read.doc.bodyPurgedAt?.toDate() ?? null,
  };
}

/** What the query cannot say, checked on each mail read; null when the query says it all. */
function memoryFilter(filter: OutboxFilter): ((mail: OutboxMail) => boolean) | null {
  if (!filter.kind && !filter.locale && !filter.recipient) return null;
  return (mail) =>
    (!filter.kind || mail.meta.kind === filter.kind) &&
    (!filter.locale || mailLocale(mail.message) === filter.locale) &&
    (!filter.recipient || mail.message.to.toLowerCase().startsWith(filter.recipient));
}

const isAfter = (mail: OutboxMail, cursor: OutboxCursor) =>
  mail.createdAt.getTime() < cursor.createdAt.getTime() ||
  (mail.createdAt.getTime() === cursor.createdAt.getTime() && mail.id < cursor.id);

const byNewest = (a: OutboxMail, b: OutboxMail) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function createFirestoreOutboxOffice(
  { firestore, ensureOpen }: FirestoreContext,
  seam: FirestoreOfficeSeam,
): OutboxOfficeStore {
  const mail = firestore.collection(FIRESTORE_COLLECTIONS.mail);
  const mailLimits = firestore.collection(FIRESTORE_COLLECTIONS.mailLimits);

  function queryOf(filter: OutboxFilter): Query {
    let query: Query = mail;
    if (filter.state) query = query.where("state", "==", filter.state);
    if (filter.from) query = query.where("createdAt", ">=", Timestamp.fromDate(filter.from));
    if (filter.before) query = query.where("createdAt", "<", Timestamp.fromDate(filter.before));
    return query.orderBy("createdAt", "desc");
  }

  /** Mails of the query after `after`, in order, read `batch` at a time, the memory filter applied. */
  async function* scan(filter: OutboxFilter, after: OutboxCursor | null, batch: number) {
    const keep = memoryFilter(filter);
    let cursor = after;
    for (;;) {
      let query = queryOf(filter);
      // Ties on createdAt are ordered by id here, as the SQLite adapter's keyset does.
      if (cursor) query = query.where("createdAt", "<=", Timestamp.fromDate(cursor.createdAt));
      const snapshot = await query.limit(batch + 1).get();
      const read = snapshot.docs.flatMap((doc) => {
        const found = toOutboxMail(doc);
        return found ? [found] : [];
      });
      const fresh = cursor === null ? read : read.filter((m) => isAfter(m, cursor as OutboxCursor));
      const page = fresh.slice(0, batch);
      yield keep ? page.filter(keep) : page;
      const last = page.at(-1);
      if (snapshot.size <= batch || !last) return;
      cursor = { createdAt: last.createdAt, id: last.id };
    }
  }

  return {
    async listOutbox(filter, limit, after) {
      ensureOpen();
      const items: OutboxMail[] = [];
      for await (const page of scan(filter, after, Math.max(limit + 1, 100))) {
        items.push(...page);
        if (items.length > limit) break;
      }
      items.sort(byNewest);
      const shown = items.slice(0, limit);
      const last = shown.at(-1);
      return {
        items: shown,
        next: items.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
      };
    },

    async getOutboxMail(id) {
      ensureOpen();
      if (!isDocumentId(id)) return null;
      const snapshot = await mail.doc(id).get();
      return snapshot.exists ? toOutboxMail(snapshot) : null;
    },

    async retryFailedMail(id, by, now) {
      ensureOpen();
      if (!isDocumentId(id)) return { kind: "not-found" };
      const ref = mail.doc(id);
      // A transaction, so two staff retrying at once (or a retry racing the worker) cannot both win.
      const outcome = await firestore.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        const found = snapshot.exists ? toOutboxMail(snapshot) : null;
        if (!found) return "not-found" as const;
        if (found.delivery.state !== "ERROR") return "not-failed" as const;
        if (found.retriedAt !== null) return "already-retried" as const;
        const due = Timestamp.fromDate(now);
        transaction.update(ref, { ...requeuedFields(due), retriedAt: due });
        seam.audit(transaction, mailRetriedAudit(by, found));
        return "retried" as const;
      });
      if (outcome !== "retried") return { kind: outcome };
      const updated = await ref.get();
      const read = toOutboxMail(updated);
      return read ? { kind: "retried", mail: read } : { kind: "not-found" };
    },

    async automaticMailsToday(now) {
      ensureOpen();
      const snapshot = await mailLimits.doc(`day-${utcDay(now.getTime())}`).get();
      const count: unknown = snapshot.get("count");
      return typeof count === "number" ? count : 0;
    },
  };
}
