import { FieldValue, GrpcStatus, Timestamp, type DocumentSnapshot } from "firebase-admin/firestore";
import { emailKey } from "@site/shared/schemas/plain";
import type { DataKey } from "../common/data-key.js";
import {
  FIRESTORE_COLLECTIONS,
  consentFields,
  hasGrpcCode,
  isDocumentId,
  localeField,
  requireString,
  requireTimestamp,
  timestampOrNull,
  toConsent,
  toLocale,
  type FirestoreContext,
} from "../adapters/firestore/fields.js";
import type { FirestoreMailSeam } from "../mail/firestore.js";
import type { FirestoreIdempotency } from "../common/idempotency/firestore.js";
import type { SubscribeResult, SubscriptionRecord, SubscriptionStore } from "./port.js";

/**
 * The subscription's document id: the email itself is a poor id (it may contain "/", and ids show up in
 * logs), its keyed hash is deterministic, so create() on it is the race-free unique key.
 */
export function subscriptionDocumentId(dataKey: DataKey, email: string): string {
  return dataKey(email);
}

/**
 * The ids a subscription stored before the data key had its own purpose key may have: the legacy key of
 * the address as the form stored it then (trimmed and lower-cased, but not NFC), composed or decomposed.
 * Such a document keeps its id, which the unsubscribe links already mailed sign: the adapter looks for it
 * wherever it looks for the current id, so an address never gets a second subscription beside it.
 */
export function legacySubscriptionDocumentIds(dataKey: DataKey, email: string): string[] {
  const key = emailKey(email);
  return [...new Set([key, key.normalize("NFD")].map((spelling) => dataKey.legacy(spelling)))];
}

export function toSubscription(snapshot: DocumentSnapshot): SubscriptionRecord {
  return {
    id: snapshot.id,
    email: requireString(snapshot, "email"),
    status: snapshot.get("status") === "unsubscribed" ? "unsubscribed" : "subscribed",
    locale: toLocale(snapshot),
    consent: toConsent(snapshot),
    unsubscribedAt: timestampOrNull(snapshot, "unsubscribedAt"),
    createdAt: requireTimestamp(snapshot, "createdAt"),
    updatedAt: requireTimestamp(snapshot, "updatedAt"),
  };
}

/**
 * The newsletter capability on Firestore: subscribing (with its mails), unsubscribing, coming back. A
 * subscription's document id is its address's keyed hash (the data key), so create() is its unique key.
 */
export function createFirestoreSubscriptions(
  { firestore, ensureOpen, dataKey }: FirestoreContext & { dataKey: DataKey },
  { mail, idempotency }: { mail: FirestoreMailSeam; idempotency: FirestoreIdempotency },
): SubscriptionStore {
  const subscriptions = firestore.collection(FIRESTORE_COLLECTIONS.subscriptions);
  /** Where an address's subscription may be: its id first, then its legacy ids. */
  const subscriptionRefs = (email: string) =>
    [subscriptionDocumentId(dataKey, email), ...legacySubscriptionDocumentIds(dataKey, email)].map(
      (id) => subscriptions.doc(id),
    );

  return {
    async addSubscription({ email: address, consent, locale = "en" }, mails, claim) {
      ensureOpen();
      const email = emailKey(address);
      const ref = subscriptions.doc(subscriptionDocumentId(dataKey, email));
      const candidates = subscriptionRefs(email);
      // Composed inside each transaction after the subscription is read and before any write (for the id
      // it turns out to have, and when it left): if composing throws, nothing is stored.
      const compose = (id: string, departedAt: Date | null) =>
        (mails?.(id, { departedAt }) ?? []).map((item) => ({
          ...item,
          meta: { ...item.meta, subscriptionId: id },
        }));
      const now = FieldValue.serverTimestamp();
      // A new address: create() on the deterministic id is the race-free unique key, committed with its
      // mails and their limit counters (a transaction: the counters are read first).
      // `departed` is recorded for an address that had left (keys from before it read as created).
      type Replayable = { id: string; departed?: boolean };
      const replayed = ({ id, departed }: Replayable): SubscribeResult =>
        departed
          ? { created: false, reason: "departed", id, skipped: [], replayed: true }
          : { created: true, id, skipped: [], replayed: true };
      try {
        const first = await firestore.runTransaction(async (transaction) => {
          const key = await idempotency.readIdempotencyKey<Replayable>(transaction, claim);
          if (key.replay) return key.replay;
          // A known address (under its id or a legacy one) goes to the next transaction without a failed
          // write (the emulator would keep the key written before it); create() below still decides a
          // race between two new ones.
          const known = await transaction.getAll(...candidates);
          if (known.some((snapshot) => snapshot.exists)) return "known" as const;
          const plan = await mail.readMailLimits(transaction, compose(ref.id, null));
          key.remember({ id: ref.id });
          transaction.create(ref, {
            email,
            status: "subscribed",
            createdAt: now,
            updatedAt: now,
            unsubscribedAt: null,
            ...consentFields(consent),
            ...localeField(locale),
          });
          mail.createMails(transaction, plan.accepted, null);
          plan.write(transaction);
          return plan.skipped;
        });
        if (Array.isArray(first)) return { created: true, id: ref.id, skipped: first };
        if (first !== "known") return replayed(first);
      } catch (error) {
        // The address exists, or a copy with the same key committed first: the next transaction tells.
        if (!hasGrpcCode(error, GrpcStatus.ALREADY_EXISTS)) throw error;
      }
      // Known address: a duplicate while subscribed; one that had unsubscribed stays as it is and only
      // its mails (the link to confirm, made from when it left) are queued, in one transaction with the
      // key and the limits' counters (Decision 10: it comes back only through resubscribe).
      const again = await idempotency.withKeyRace(claim, () =>
        firestore.runTransaction(async (transaction) => {
          const key = await idempotency.readIdempotencyKey<Replayable>(transaction, claim);
          if (key.replay) return key.replay;
          const snapshot = (await transaction.getAll(...candidates)).find((found) => found.exists);
          if (!snapshot || snapshot.get("status") !== "unsubscribed") return null;
          const departedAt = timestampOrNull(snapshot, "unsubscribedAt");
          const plan = await mail.readMailLimits(transaction, compose(snapshot.id, departedAt));
          key.remember({ id: snapshot.id, departed: true });
          mail.createMails(transaction, plan.accepted, null);
          plan.write(transaction);
          // The office's "awaiting confirmation" (newsletter/firestore-office.ts); the rest stays as it is.
          if (plan.accepted.length > 0)
            transaction.update(snapshot.ref, {
              awaitingConfirmation: true,
              confirmationSentAt: Timestamp.now(),
            });
          return { id: snapshot.id, skipped: plan.skipped };
        }),
      );
      if (again === null) return { created: false, reason: "duplicate" };
      return "skipped" in again
        ? { created: false, reason: "departed", id: again.id, skipped: again.skipped }
        : replayed(again);
    },

    async resubscribe(id, departedAt, { consent, locale = "en" }, mails) {
      ensureOpen();
      if (!isDocumentId(id)) return { outcome: "unknown" };
      const ref = subscriptions.doc(id);
      // Read, checked and written in one transaction: of two confirmations of one link, one comes back.
      return firestore.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        if (!snapshot.exists) return { outcome: "unknown" as const };
        // Milliseconds on both sides: Firestore keeps microseconds, the link carries milliseconds.
        const left = timestampOrNull(snapshot, "unsubscribedAt");
        if (snapshot.get("status") !== "unsubscribed" || left?.getTime() !== departedAt.getTime())
          return { outcome: "stale" as const };
        const composed = (mails?.(id) ?? []).map((item) => ({
          ...item,
          meta: { ...item.meta, subscriptionId: id },
        }));
        const plan = await mail.readMailLimits(transaction, composed);
        transaction.update(ref, {
          // A legacy document keeps its id (its unsubscribe links sign it); its email becomes the key.
          email: emailKey(requireString(snapshot, "email")),
          status: "subscribed",
          updatedAt: FieldValue.serverTimestamp(),
          unsubscribedAt: null,
          ...consentFields(consent),
          // A returning subscriber's language replaces the old one (English included).
          locale,
          awaitingConfirmation: false,
          confirmationSentAt: null,
          unsubscribedBy: null,
        });
        mail.createMails(transaction, plan.accepted, null);
        plan.write(transaction);
        return { outcome: "resubscribed" as const, skipped: plan.skipped };
      });
    },
    async getSubscriptionByEmail(email) {
      ensureOpen();
      const snapshot = (await firestore.getAll(...subscriptionRefs(email))).find(
        (found) => found.exists,
      );
      return snapshot ? toSubscription(snapshot) : null;
    },
    async getSubscription(id) {
      ensureOpen();
      if (!isDocumentId(id)) return null;
      const snapshot = await subscriptions.doc(id).get();
      return snapshot.exists ? toSubscription(snapshot) : null;
    },

    async unsubscribe(id) {
      ensureOpen();
      if (!isDocumentId(id)) return "unknown";
      const ref = subscriptions.doc(id);
      return firestore.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        if (!snapshot.exists) return "unknown";
        if (snapshot.get("status") === "unsubscribed") return "already";
        const now = FieldValue.serverTimestamp();
        transaction.update(ref, {
          status: "unsubscribed",
          unsubscribedAt: now,
          updatedAt: now,
          unsubscribedBy: null,
        });
        return "unsubscribed";
      });
    },

    async listSubscribers() {
      ensureOpen();
      const snapshot = await subscriptions.where("status", "==", "subscribed").get();
      return snapshot.docs
        .map(toSubscription)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    },
  };
}
