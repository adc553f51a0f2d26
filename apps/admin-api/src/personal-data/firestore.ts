import { FieldValue, type DocumentSnapshot, type QuerySnapshot } from "firebase-admin/firestore";
import {
  FIRESTORE_COLLECTIONS,
  keySpellings,
  requireString,
  requireTimestamp,
  type FirestoreContext,
} from "../adapters/firestore/fields.js";
import { byCreatedAtThenCommentId, toComment } from "../comments/firestore.js";
import { toContact } from "../contacts/firestore.js";
import { parseMailDocument, toMailRecord } from "../mail/firestore-document.js";
import { byCreatedAtThenId } from "../mail/firestore.js";
import { toSubscription } from "../newsletter/firestore.js";
import type { FirestoreOfficeSeam } from "../staff/firestore.js";
import { createFirestoreDataRequests } from "./firestore-requests.js";
import type { ErasureRecord, PersonalDataStore } from "./port.js";

function toErasure(snapshot: DocumentSnapshot): ErasureRecord {
  const deleted: unknown = snapshot.get("deleted");
  const count = (key: string): number => {
    const value: unknown = (deleted as Record<string, unknown> | undefined)?.[key];
    return typeof value === "number" ? value : 0;
  };
  return {
    id: snapshot.id,
    addressHash: requireString(snapshot, "addressHash"),
    erasedAt: requireTimestamp(snapshot, "erasedAt"),
    deleted: {
      subscriptions: count("subscriptions"),
      contacts: count("contacts"),
      comments: count("comments"),
      mails: count("mails"),
    },
  };
}

/**
 * The personal-data capability on Firestore: everything held about one address, its export and erasure,
 * and the register of people's requests (firestore-requests.ts).
 */
export function createFirestorePersonalData(
  context: FirestoreContext,
  seam: FirestoreOfficeSeam,
): PersonalDataStore {
  const { firestore, ensureOpen } = context;
  const register = createFirestoreDataRequests(context, seam);
  const subscriptions = firestore.collection(FIRESTORE_COLLECTIONS.subscriptions);
  const contacts = firestore.collection(FIRESTORE_COLLECTIONS.contacts);
  const comments = firestore.collection(FIRESTORE_COLLECTIONS.comments);
  const mail = firestore.collection(FIRESTORE_COLLECTIONS.mail);
  const erasures = firestore.collection(FIRESTORE_COLLECTIONS.erasures);

  /**
   * The documents held about an address: its subscriptions, its contacts, its comments, and the mails to
   * it, replying to it, or belonging to one of those (each query on a top-level field). Found by the
   * address's key, and by its decomposed spelling for documents keyed before keys were NFC.
   */
  const personalDataRefs = async (email: string) => {
    const spellings = keySpellings(email);
    // The key copies find what was typed in any case; the exact queries, documents written before the
    // copies existed (those match only as typed). A subscription's email is its key; one stored under a
    // legacy id is found the same way, and so is a second one (decomposed) from before keys were NFC.
    const [subscriptionDocs, ...found] = await Promise.all([
      subscriptions.where("email", "in", spellings).get(),
      contacts.where("emailKey", "in", spellings).get(),
      contacts.where("email", "in", spellings).get(),
      mail.where("toKey", "in", spellings).get(),
      mail.where("to", "in", spellings).get(),
      mail.where("replyToKey", "in", spellings).get(),
      mail.where("replyTo", "in", spellings).get(),
    ]);
    // Comments are newer than the key copies: every comment document has emailKey.
    const commentDocs = (await comments.where("emailKey", "in", spellings).get()).docs;
    const unique = (docs: DocumentSnapshot[]) => [...new Map(docs.map((d) => [d.id, d])).values()];
    const [byKey, byEmail, ...mailSnapshots] = found;
    const contactDocs = unique([...(byKey?.docs ?? []), ...(byEmail?.docs ?? [])]);
    // "in" takes at most 30 values per query.
    const inChunks = (docs: DocumentSnapshot[], query: (ids: string[]) => Promise<QuerySnapshot>) =>
      Array.from({ length: Math.ceil(docs.length / 30) }, (_, index) =>
        query(docs.slice(index * 30, index * 30 + 30).map((doc) => doc.id)),
      );
    const related = await Promise.all([
      ...inChunks(subscriptionDocs.docs, (ids) => mail.where("subscriptionId", "in", ids).get()),
      ...inChunks(contactDocs, (ids) => mail.where("contactId", "in", ids).get()),
      ...inChunks(commentDocs, (ids) => mail.where("commentId", "in", ids).get()),
    ]);
    const mails = new Map<string, DocumentSnapshot>();
    for (const doc of [...mailSnapshots, ...related].flatMap((s) => s.docs)) mails.set(doc.id, doc);
    return {
      subscriptions: subscriptionDocs.docs,
      contacts: contactDocs,
      comments: commentDocs,
      mails: [...mails.values()],
    };
  };

  return {
    async findPersonalData(email) {
      ensureOpen();
      const refs = await personalDataRefs(email);
      // One subscription per address since keys are NFC; of two from before, the subscribed, else the
      // one changed last (erasure deletes both, and both's mails are listed below).
      const [subscription] = refs.subscriptions
        .map(toSubscription)
        .sort(
          (a, b) =>
            Number(b.status === "subscribed") - Number(a.status === "subscribed") ||
            b.updatedAt.getTime() - a.updatedAt.getTime(),
        );
      return {
        subscription: subscription ?? null,
        contacts: refs.contacts
          .map(toContact)
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
        comments: refs.comments.map(toComment).sort(byCreatedAtThenCommentId),
        mails: refs.mails
          .map((doc) => toMailRecord(doc.id, parseMailDocument(doc.data() ?? {})))
          .sort(byCreatedAtThenId),
      };
    },

    async erasePersonalData(email, { addressHash, audit = () => [], answer }) {
      ensureOpen();
      const [refs, registerWrites] = await Promise.all([
        personalDataRefs(email),
        register.prepareErasure(email, answer),
      ]);
      const erasureRef = erasures.doc();
      const deleted = {
        subscriptions: refs.subscriptions.length,
        contacts: refs.contacts.length,
        comments: refs.comments.length,
        mails: refs.mails.length,
      };
      // One batch: all of it goes, with the erasure record, or nothing does (a batch holds 500 writes,
      // far more than one person's mail).
      const batch = firestore.batch();
      for (const doc of [...refs.mails, ...refs.contacts, ...refs.comments, ...refs.subscriptions])
        batch.delete(doc.ref);
      batch.create(erasureRef, { addressHash, erasedAt: FieldValue.serverTimestamp(), deleted });
      // The register keeps only the keyed hash; the office's audit entries go with the erasure.
      registerWrites(batch);
      for (const entry of audit({ id: erasureRef.id, deleted })) seam.audit(batch, entry);
      await batch.commit();
      const stored = await erasureRef.get();
      return toErasure(stored);
    },

    async listErasures() {
      ensureOpen();
      const snapshot = await erasures.get();
      return snapshot.docs
        .map(toErasure)
        .sort((a, b) => a.erasedAt.getTime() - b.erasedAt.getTime());
    },
    ...register.store,
  };
}
