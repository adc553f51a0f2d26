import { FieldValue, type DocumentData, type DocumentSnapshot } from "firebase-admin/firestore";
import { emailKey } from "@site/shared/schemas/plain";
import {
  FIRESTORE_COLLECTIONS,
  isDocumentId,
  localeField,
  requireString,
  requireTimestamp,
  toConsent,
  toLocale,
  type FirestoreContext,
} from "../adapters/firestore/fields.js";
import type { FirestoreMailSeam } from "../mail/firestore.js";
import type { FirestoreIdempotency } from "../common/idempotency/firestore.js";
import type { ContactRecord, ContactStore, NewContact } from "./port.js";

export function toContact(snapshot: DocumentSnapshot): ContactRecord {
  const phone: unknown = snapshot.get("phone");
  return {
    id: snapshot.id,
    name: requireString(snapshot, "name"),
    email: requireString(snapshot, "email"),
    ...(typeof phone === "string" ? { phone } : {}),
    subject: requireString(snapshot, "subject"),
    description: requireString(snapshot, "description"),
    status: "new",
    locale: toLocale(snapshot),
    // A contact's consent is given when it is sent.
    consent: { ...toConsent(snapshot), at: requireTimestamp(snapshot, "createdAt") },
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
    consentPage: contact.consent?.page ?? null,
    consentNoticeVersion: contact.consent?.noticeVersion ?? null,
    ...localeField(contact.locale),
    // The address as typed is kept; its key finds the person's contacts however it was typed.
    emailKey: emailKey(contact.email),
  };
}

/** The contacts capability on Firestore: a contact, its mails and its idempotency key in one transaction. */
export function createFirestoreContacts(
  { firestore, ensureOpen }: FirestoreContext,
  { mail, idempotency }: { mail: FirestoreMailSeam; idempotency: FirestoreIdempotency },
): ContactStore {
  const contacts = firestore.collection(FIRESTORE_COLLECTIONS.contacts);
  return {
    async addContactWithMails(contact, mails, claim) {
      ensureOpen();
      const contactRef = contacts.doc();
      // Composed before anything is written: if composing throws, nothing is stored.
      const composed = mails(contactRef.id);
      // A transaction, not a batch: the key and the limits' counters are read, then written with the contact.
      return idempotency.withKeyRace(claim, () =>
        firestore.runTransaction(async (transaction) => {
          const key = await idempotency.readIdempotencyKey<{ id: string }>(transaction, claim);
          if (key.replay) return { id: key.replay.id, skipped: [], replayed: true as const };
          const plan = await mail.readMailLimits(transaction, composed);
          // The key first among the writes (see readIdempotencyKey).
          key.remember({ id: contactRef.id });
          transaction.create(contactRef, newContactDocument(contact));
          mail.createMails(transaction, plan.accepted, contactRef.id);
          plan.write(transaction);
          return { id: contactRef.id, skipped: plan.skipped };
        }),
      );
    },
    async getContact(id) {
      ensureOpen();
      if (!isDocumentId(id)) return null;
      const snapshot = await contacts.doc(id).get();
      return snapshot.exists ? toContact(snapshot) : null;
    },
  };
}
