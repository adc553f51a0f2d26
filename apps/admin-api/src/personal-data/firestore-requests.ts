import {
  Timestamp,
  type CollectionReference,
  type DocumentSnapshot,
  type Query,
  type WriteBatch,
} from "firebase-admin/firestore";
import type { DataRequestChannel, DataRequestKind } from "@site/shared/office";
import { emailKey } from "@site/shared/schemas/plain";
import {
  isDocumentId,
  requireString,
  requireTimestamp,
  type FirestoreContext,
} from "../adapters/firestore/fields.js";
import type { FirestoreOfficeSeam } from "../staff/firestore.js";
import type { DataRequestAnswer, DataRequestRecord, DataRequestRegister } from "./port.js";

/** The register's collection: one document per request; `emailKey` finds a person's entries. */
export const DATA_REQUESTS_COLLECTION = "dataRequests";

const orNull = (snapshot: DocumentSnapshot, field: string) =>
  (snapshot.get(field) as string | null | undefined) ?? null;

function toRequest(snapshot: DocumentSnapshot): DataRequestRecord {
  return {
    id: snapshot.id,
    email: orNull(snapshot, "email"),
    addressHash: requireString(snapshot, "addressHash"),
    kind: requireString(snapshot, "kind") as DataRequestKind,
    channel: requireString(snapshot, "channel") as DataRequestChannel,
    note: (snapshot.get("note") as string | undefined) ?? "",
    receivedOn: requireString(snapshot, "receivedOn"),
    answeredOn: orNull(snapshot, "answeredOn"),
    recordedBy: orNull(snapshot, "recordedBy"),
    answeredBy: orNull(snapshot, "answeredBy"),
    createdAt: requireTimestamp(snapshot, "createdAt"),
  };
}

const byNewest = (a: DataRequestRecord, b: DataRequestRecord) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The register of people's data requests on Firestore. The list is read newest first by `createdAt`;
 * the open/answered filter is applied while reading (a register holds tens of entries a year, not
 * thousands). `prepareErasure` reads what an erasure changes, so the erasure's batch (firestore.ts)
 * writes it with everything else.
 */
export function createFirestoreDataRequests(
  { firestore, ensureOpen }: FirestoreContext,
  seam: FirestoreOfficeSeam,
): {
  store: DataRequestRegister;
  prepareErasure(
    email: string,
    answer: DataRequestAnswer | undefined,
  ): Promise<(batch: WriteBatch) => void>;
} {
  const requests: CollectionReference = firestore.collection(DATA_REQUESTS_COLLECTION);

  const answerFields = (answer: DataRequestAnswer) => ({
    answeredOn: answer.on,
    answeredBy: answer.by,
  });

  return {
    async prepareErasure(email, answer) {
      const key = emailKey(email);
      const [entries, answered] = await Promise.all([
        requests.where("emailKey", "==", key).get(),
        answer && isDocumentId(answer.id) ? requests.doc(answer.id).get() : Promise.resolve(null),
      ]);
      return (batch) => {
        const answering =
          answer && answered?.exists && orNull(answered, "answeredOn") === null ? answer : null;
        for (const doc of entries.docs)
          batch.update(doc.ref, {
            email: null,
            emailKey: null,
            ...(answering && doc.id === answering.id ? answerFields(answering) : {}),
          });
        if (answering && answered && !entries.docs.some((doc) => doc.id === answered.id))
          batch.update(answered.ref, answerFields(answering));
      };
    },
    store: {
      async addDataRequest(request, audit) {
        ensureOpen();
        const ref = requests.doc();
        await firestore.runTransaction(async (transaction) => {
          transaction.create(ref, {
            email: request.email,
            emailKey: emailKey(request.email),
            addressHash: request.addressHash,
            kind: request.kind,
            channel: request.channel,
            note: request.note,
            receivedOn: request.receivedOn,
            answeredOn: null,
            recordedBy: request.recordedBy,
            answeredBy: null,
            createdAt: Timestamp.now(),
          });
          seam.audit(transaction, { ...audit, target: ref.id });
        });
        return toRequest(await ref.get());
      },
      async getDataRequest(id) {
        ensureOpen();
        if (!isDocumentId(id)) return null;
        const snapshot = await requests.doc(id).get();
        return snapshot.exists ? toRequest(snapshot) : null;
      },
      async listDataRequests(filter, limit, after) {
        ensureOpen();
        const keep = (entry: DataRequestRecord) =>
          filter.state === undefined || (filter.state === "open") === (entry.answeredOn === null);
        const isAfter = (entry: DataRequestRecord) =>
          after === null ||
          entry.createdAt.getTime() < after.createdAt.getTime() ||
          (entry.createdAt.getTime() === after.createdAt.getTime() && entry.id < after.id);
        const found: DataRequestRecord[] = [];
        let cursor = after?.createdAt ?? null;
        for (;;) {
          let query: Query = requests.orderBy("createdAt", "desc");
          if (cursor) query = query.where("createdAt", "<=", Timestamp.fromDate(cursor));
          const batch = 200;
          const snapshot = await query.limit(batch).get();
          const read = snapshot.docs.map(toRequest).sort(byNewest);
          found.push(...read.filter((entry) => isAfter(entry) && keep(entry)));
          const last = read.at(-1);
          // A batch entirely at one instant cannot move the cursor: the next read would repeat it.
          if (found.length > limit || snapshot.size < batch || !last) break;
          if (cursor && last.createdAt.getTime() === cursor.getTime()) break;
          cursor = last.createdAt;
        }
        const unique = [...new Map(found.map((entry) => [entry.id, entry])).values()].sort(
          byNewest,
        );
        const items = unique.slice(0, limit);
        const lastItem = items.at(-1);
        return {
          items,
          next:
            unique.length > limit && lastItem
              ? { createdAt: lastItem.createdAt, id: lastItem.id }
              : null,
        };
      },
      async dataRequestsOf(email) {
        ensureOpen();
        const snapshot = await requests.where("emailKey", "==", emailKey(email)).get();
        return snapshot.docs.map(toRequest).sort(byNewest);
      },
      async answerDataRequest(answer, audit) {
        ensureOpen();
        if (!isDocumentId(answer.id)) return null;
        const ref = requests.doc(answer.id);
        const found = await firestore.runTransaction(async (transaction) => {
          const snapshot = await transaction.get(ref);
          if (!snapshot.exists) return false;
          if (orNull(snapshot, "answeredOn") === null)
            transaction.update(ref, answerFields(answer));
          for (const entry of audit) seam.audit(transaction, entry);
          return true;
        });
        return found ? toRequest(await ref.get()) : null;
      },
      async purgeDataRequests(answeredBefore) {
        ensureOpen();
        const old = await requests.where("answeredOn", "<", answeredBefore).get();
        const batch = firestore.batch();
        for (const doc of old.docs) batch.delete(doc.ref);
        await batch.commit();
        return old.size;
      },
    },
  };
}
