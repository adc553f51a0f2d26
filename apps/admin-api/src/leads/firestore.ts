import { randomUUID } from "node:crypto";
import {
  Timestamp,
  type DocumentSnapshot,
  type Query,
  type Transaction,
} from "firebase-admin/firestore";
import { leadStatuses, type CloseReason, type LeadStatus } from "@site/shared/office";
import { isDocumentId, type FirestoreContext } from "../adapters/firestore/fields.js";
import { keysetPage, scanNewestFirst } from "../adapters/firestore/keyset.js";
import { toContact } from "../contacts/firestore.js";
import type { FirestoreOfficeSeam } from "../staff/firestore.js";
import {
  leadAudit,
  median,
  type LeadCounts,
  type LeadCursor,
  type LeadEventRecord,
  type LeadFilter,
  type LeadRecord,
  type LeadStore,
} from "./port.js";

/**
 * The leads capability on Firestore: the `contacts` documents with the office's fields (`status`,
 * `owner`, `closeReason`, `firstAnsweredAt`, `firstAnswerMs`) and the lead's history as an `events`
 * array on the document itself, so erasing a person's contacts erases their history with them.
 *
 * Equality filters (status, owner, locale) and the date range are Firestore queries, newest first
 * (firestore.indexes.json has an index per combination). What Firestore cannot query is filtered while
 * reading pages of that query: the free-text search (Firestore has no text search) and "nobody owns
 * it" (contacts written before the office have no `owner` field, and `== null` does not match a missing
 * field). Both read at most the leads the other filters select.
 */

type StoredEvent = Omit<LeadEventRecord, "at"> & { at: Timestamp };

const statusOf = (value: unknown): LeadStatus =>
  leadStatuses.includes(value as LeadStatus) ? (value as LeadStatus) : "new";

function toLead(snapshot: DocumentSnapshot): LeadRecord {
  const firstAnswered: unknown = snapshot.get("firstAnsweredAt");
  return {
    ...toContact(snapshot),
    status: statusOf(snapshot.get("status")),
    owner: (snapshot.get("owner") as string | null | undefined) ?? null,
    closeReason: (snapshot.get("closeReason") as CloseReason | null | undefined) ?? null,
    firstAnsweredAt: firstAnswered instanceof Timestamp ? firstAnswered.toDate() : null,
  };
}

const eventsOf = (snapshot: DocumentSnapshot): LeadEventRecord[] =>
  ((snapshot.get("events") as StoredEvent[] | undefined) ?? []).map(
    (event) => ({ ...event, at: event.at.toDate() }) as LeadEventRecord,
  );

/** What the query cannot say: the search words and "no owner", checked on each lead read. */
function memoryFilter(filter: LeadFilter): ((lead: LeadRecord) => boolean) | null {
  const words = (filter.q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const noOwner = typeof filter.owner === "object";
  if (words.length === 0 && !noOwner) return null;
  return (lead) =>
    (!noOwner || lead.owner === null) &&
    words.every((word) =>
      [lead.name, lead.email, lead.subject, lead.description].some((field) =>
        field.toLowerCase().includes(word),
      ),
    );
}

export function createFirestoreLeads(
  { firestore, ensureOpen }: FirestoreContext,
  seam: FirestoreOfficeSeam,
): LeadStore {
  const contacts = firestore.collection("contacts");

  function queryOf(filter: LeadFilter, withStatus: boolean): Query {
    let query: Query = contacts;
    if (withStatus && filter.status) query = query.where("status", "==", filter.status);
    if (typeof filter.owner === "string") query = query.where("owner", "==", filter.owner);
    if (filter.locale) query = query.where("locale", "==", filter.locale);
    if (filter.from) query = query.where("createdAt", ">=", Timestamp.fromDate(filter.from));
    if (filter.before) query = query.where("createdAt", "<", Timestamp.fromDate(filter.before));
    return query.orderBy("createdAt", "desc");
  }

  /** Leads of the filter's query after `after`, `batch` at a time, the memory filter applied. */
  const scan = (filter: LeadFilter, withStatus: boolean, after: LeadCursor | null, batch: number) =>
    scanNewestFirst(queryOf(filter, withStatus), toLead, memoryFilter(filter), after, batch);

  async function all(filter: LeadFilter, withStatus: boolean): Promise<LeadRecord[]> {
    const found: LeadRecord[] = [];
    for await (const page of scan(filter, withStatus, null, 500)) found.push(...page);
    return found;
  }

  async function change<T>(
    id: string,
    write: (snapshot: DocumentSnapshot, transaction: Transaction, at: Timestamp) => T,
  ): Promise<T | null> {
    ensureOpen();
    if (!isDocumentId(id)) return null;
    return firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(contacts.doc(id));
      if (!snapshot.exists) return null;
      return write(snapshot, transaction, Timestamp.now());
    });
  }

  const event = (data: Record<string, unknown>, by: string, at: Timestamp): StoredEvent =>
    ({ ...data, id: randomUUID(), by, at }) as StoredEvent;
  const answerTimes = (leads: LeadRecord[]) =>
    leads
      .filter((lead) => lead.firstAnsweredAt !== null)
      .map((lead) => (lead.firstAnsweredAt?.getTime() ?? 0) - lead.createdAt.getTime());
  const toRecord = (stored: StoredEvent): LeadEventRecord =>
    ({ ...stored, at: stored.at.toDate() }) as LeadEventRecord;

  return {
    async listLeads(filter, limit, after) {
      ensureOpen();
      return keysetPage(scan(filter, true, after, Math.max(limit + 1, 50)), limit);
    },
    async leadStats(filter) {
      ensureOpen();
      const counts: LeadCounts = { new: 0, in_progress: 0, closed: 0 };
      if (memoryFilter(filter) === null) {
        // The list's own query per status, so the same indexes serve both.
        await Promise.all(
          leadStatuses.map(async (status) => {
            counts[status] = (
              await queryOf({ ...filter, status }, true)
                .count()
                .get()
            ).data().count;
          }),
        );
        return { counts, medianFirstAnswerMs: median(answerTimes(await all(filter, true))) };
      }
      const leads = await all(filter, false);
      for (const lead of leads) counts[lead.status] += 1;
      const filtered = filter.status
        ? leads.filter((lead) => lead.status === filter.status)
        : leads;
      return { counts, medianFirstAnswerMs: median(answerTimes(filtered)) };
    },
    async *eachLead(filter, batch) {
      ensureOpen();
      for await (const page of scan(filter, true, null, batch)) if (page.length > 0) yield page;
    },
    async getLead(id) {
      ensureOpen();
      if (!isDocumentId(id)) return null;
      const snapshot = await contacts.doc(id).get();
      return snapshot.exists ? toLead(snapshot) : null;
    },
    async leadHistory(id) {
      ensureOpen();
      if (!isDocumentId(id)) return [];
      const snapshot = await contacts.doc(id).get();
      if (!snapshot.exists) return [];
      const lead = toLead(snapshot);
      return [
        { kind: "received", id: `${id}-received`, at: lead.createdAt, by: null },
        ...eventsOf(snapshot),
      ];
    },
    async updateLead(id, by, leadChange) {
      return change(id, (snapshot, transaction, at) => {
        const lead = toLead(snapshot);
        const events: StoredEvent[] = [];
        const fields: Record<string, unknown> = {};
        if (leadChange.owner && leadChange.owner.to !== lead.owner) {
          fields.owner = leadChange.owner.to;
          events.push(event({ kind: "assigned", owner: leadChange.owner.to }, by, at));
        }
        const status = leadChange.status;
        if (status && (status.to !== lead.status || status.closeReason !== lead.closeReason)) {
          fields.status = status.to;
          fields.closeReason = status.closeReason;
          events.push(
            event({ kind: "status", status: status.to, closeReason: status.closeReason }, by, at),
          );
        }
        if (events.length > 0) {
          transaction.update(snapshot.ref, {
            ...fields,
            updatedAt: at,
            events: [...((snapshot.get("events") as StoredEvent[] | undefined) ?? []), ...events],
          });
          seam.audit(transaction, leadAudit.updated(by, id, leadChange));
        }
        return {
          lead: {
            ...lead,
            ...(fields as Partial<LeadRecord>),
            updatedAt: events.length > 0 ? at.toDate() : lead.updatedAt,
          },
          events: events.map(toRecord),
        };
      });
    },
    async addNote(id, by, text) {
      return change(id, (snapshot, transaction, at) => {
        const note = event({ kind: "note", text }, by, at);
        transaction.update(snapshot.ref, {
          events: [...((snapshot.get("events") as StoredEvent[] | undefined) ?? []), note],
        });
        seam.audit(transaction, leadAudit.note(by, id));
        return toRecord(note);
      });
    },
    async addReply(id, by, content, mail) {
      return change(id, (snapshot, transaction, at) => {
        const lead = toLead(snapshot);
        const [mailId = ""] = seam.mails(transaction, [mail], id);
        const reply = event({ kind: "reply", ...content, mailId }, by, at);
        const events = [reply];
        const fields: Record<string, unknown> = {};
        if (lead.firstAnsweredAt === null) {
          fields.firstAnsweredAt = at;
          fields.firstAnswerMs = at.toMillis() - lead.createdAt.getTime();
          if (lead.status === "new") {
            fields.status = "in_progress";
            fields.closeReason = null;
            events.push(
              event({ kind: "status", status: "in_progress", closeReason: null }, by, at),
            );
          }
        }
        transaction.update(snapshot.ref, {
          ...fields,
          updatedAt: at,
          events: [...((snapshot.get("events") as StoredEvent[] | undefined) ?? []), ...events],
        });
        seam.audit(transaction, leadAudit.reply(by, id, mailId));
        return toRecord(reply);
      });
    },
  };
}
