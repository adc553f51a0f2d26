import { Timestamp, type DocumentSnapshot, type Query } from "firebase-admin/firestore";
import {
  requireString,
  requireTimestamp,
  type FirestoreContext,
} from "../adapters/firestore/fields.js";
import type { AuditCursor, AuditEntry, AuditFilter, StaffStore } from "./port.js";

export const toFirestoreAuditEntry = (doc: DocumentSnapshot): AuditEntry => ({
  id: doc.id,
  at: requireTimestamp(doc, "at"),
  actor: (doc.get("actor") as string | null | undefined) ?? null,
  action: requireString(doc, "action"),
  target: (doc.get("target") as string | null | undefined) ?? null,
  details: (doc.get("details") as AuditEntry["details"] | undefined) ?? {},
});

/** What the query cannot say: every equality but the one queried, and the search words. */
function memoryFilter(filter: AuditFilter, queried: "target" | "actor" | "action" | null) {
  const words = (filter.q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  return (entry: AuditEntry) =>
    (queried === "actor" || filter.actor === undefined || entry.actor === filter.actor) &&
    (queried === "action" || filter.action === undefined || entry.action === filter.action) &&
    (queried === "target" || filter.target === undefined || entry.target === filter.target) &&
    words.every((word) =>
      [entry.target ?? "", JSON.stringify(entry.details)].some((field) =>
        field.toLowerCase().includes(word),
      ),
    );
}

const isAfter = (entry: AuditEntry, cursor: AuditCursor) =>
  entry.at.getTime() < cursor.at.getTime() ||
  (entry.at.getTime() === cursor.at.getTime() && entry.id < cursor.id);

const byNewest = (a: AuditEntry, b: AuditEntry) =>
  b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The audit screen's query and the retention sweep, on Firestore. One equality is queried (target, else
 * actor, else action: firestore.indexes.json has each with `at` descending), with the date range; the
 * other equalities and the search words (Firestore has no text search) are checked on each entry read,
 * reading at most the entries the query selects. Nothing here edits an entry.
 */
export function createFirestoreAuditLog(
  { firestore, ensureOpen }: FirestoreContext,
  collection: string,
): Pick<StaffStore, "queryAudit" | "purgeAudit"> {
  const auditLog = firestore.collection(collection);

  function queryOf(filter: AuditFilter) {
    let query: Query = auditLog;
    let queried: "target" | "actor" | "action" | null = null;
    if (filter.target !== undefined) {
      query = query.where("target", "==", filter.target);
      queried = "target";
    } else if (typeof filter.actor === "string") {
      // The system's entries (actor null) are picked while reading: the emulator ignores `== null`.
      query = query.where("actor", "==", filter.actor);
      queried = "actor";
    } else if (filter.action !== undefined) {
      query = query.where("action", "==", filter.action);
      queried = "action";
    }
    if (filter.from) query = query.where("at", ">=", Timestamp.fromDate(filter.from));
    if (filter.before) query = query.where("at", "<", Timestamp.fromDate(filter.before));
    return { query: query.orderBy("at", "desc"), keep: memoryFilter(filter, queried) };
  }

  return {
    async queryAudit(filter, limit, after) {
      ensureOpen();
      const { query, keep } = queryOf(filter);
      const batch = Math.max(limit + 1, 200);
      const found: AuditEntry[] = [];
      let cursor = after;
      for (;;) {
        // Ties on `at` (one instant) are ordered by id: read from the cursor's instant, skip what it passed.
        const page = cursor ? query.where("at", "<=", Timestamp.fromDate(cursor.at)) : query;
        const snapshot = await page.limit(batch).get();
        const read = snapshot.docs.map(toFirestoreAuditEntry).sort(byNewest);
        const fresh = cursor ? read.filter((entry) => isAfter(entry, cursor as AuditCursor)) : read;
        found.push(...fresh.filter(keep));
        const last = fresh.at(-1);
        if (found.length > limit || snapshot.size < batch || !last) break;
        cursor = { at: last.at, id: last.id };
      }
      const items = found.slice(0, limit);
      const lastItem = items.at(-1);
      return {
        items,
        next: found.length > limit && lastItem ? { at: lastItem.at, id: lastItem.id } : null,
      };
    },
    async purgeAudit(before) {
      ensureOpen();
      let purged = 0;
      // A batch holds 500 writes: delete in batches until nothing older is left.
      for (;;) {
        const old = await auditLog.where("at", "<", Timestamp.fromDate(before)).limit(400).get();
        if (old.empty) return purged;
        const writes = firestore.batch();
        for (const doc of old.docs) writes.delete(doc.ref);
        await writes.commit();
        purged += old.size;
      }
    },
  };
}
