import { Timestamp, type DocumentSnapshot, type Query } from "firebase-admin/firestore";
import type { SubscriberStatus } from "@site/shared/office";
import {
  FIRESTORE_COLLECTIONS,
  isDocumentId,
  stringOrNull,
  timestampOrNull,
  type FirestoreContext,
} from "../adapters/firestore/fields.js";
import { keysetPage, scanNewestFirst } from "../adapters/firestore/keyset.js";
import type { FirestoreOfficeSeam } from "../staff/firestore.js";
import type {
  SubscriberCursor,
  SubscriberFilter,
  SubscriberOfficeStore,
  SubscriberRecord,
} from "./port.js";
import { toSubscription } from "./firestore.js";

/**
 * The newsletter's office on Firestore: the `subscriptions` documents with the office's fields
 * (`awaitingConfirmation`, true while a departed address's link to confirm is out, with its
 * `confirmationSentAt`; `unsubscribedBy`, the staff member who unsubscribed a person on request).
 *
 * Status (but plain "unsubscribed"), French and Swahili, and the date range are Firestore queries, newest
 * first (firestore.indexes.json has an index per combination). What Firestore cannot query is filtered
 * while reading pages of that query, as the leads do: the search (a part of the address: Firestore has
 * no text search), English (documents from before the `locale` field have none, and English ones still
 * leave it out) and "unsubscribed, nothing pending" (documents from before `awaitingConfirmation` have
 * none). Each reads at most the subscriptions the other filters select.
 */

export function toSubscriber(snapshot: DocumentSnapshot): SubscriberRecord {
  const subscription = toSubscription(snapshot);
  const unsubscribed = subscription.status === "unsubscribed";
  const pending = unsubscribed && snapshot.get("awaitingConfirmation") === true;
  return {
    ...subscription,
    officeStatus: unsubscribed ? (pending ? "pending" : "unsubscribed") : "subscribed",
    confirmationSentAt: pending ? timestampOrNull(snapshot, "confirmationSentAt") : null,
    unsubscribedBy: unsubscribed ? stringOrNull(snapshot, "unsubscribedBy") : null,
  };
}

/** What the query cannot say, checked on each subscription read; null when the query says it all. */
function memoryFilter(
  filter: SubscriberFilter,
  withStatus: boolean,
): ((subscriber: SubscriberRecord) => boolean) | null {
  const text = filter.q?.toLowerCase();
  const english = filter.locale === "en";
  const plainlyUnsubscribed = withStatus && filter.status === "unsubscribed";
  if (!text && !english && !plainlyUnsubscribed) return null;
  return (subscriber) =>
    (!text || subscriber.email.toLowerCase().includes(text)) &&
    (!english || subscriber.locale === "en") &&
    (!plainlyUnsubscribed || subscriber.officeStatus === "unsubscribed");
}

export function createFirestoreSubscriberOffice(
  { firestore, ensureOpen }: FirestoreContext,
  seam: FirestoreOfficeSeam,
): SubscriberOfficeStore {
  const subscriptions = firestore.collection(FIRESTORE_COLLECTIONS.subscriptions);

  function queryOf(filter: SubscriberFilter, status: SubscriberStatus | undefined): Query {
    let query: Query = subscriptions;
    if (status === "subscribed") query = query.where("status", "==", "subscribed");
    if (status === "unsubscribed" || status === "pending")
      query = query.where("status", "==", "unsubscribed");
    if (status === "pending") query = query.where("awaitingConfirmation", "==", true);
    if (filter.locale && filter.locale !== "en") query = query.where("locale", "==", filter.locale);
    if (filter.from) query = query.where("createdAt", ">=", Timestamp.fromDate(filter.from));
    if (filter.before) query = query.where("createdAt", "<", Timestamp.fromDate(filter.before));
    return query.orderBy("createdAt", "desc");
  }

  /** The subscriptions of the filter's query after `after`, `batch` at a time, the memory filter applied. */
  const scan = (
    filter: SubscriberFilter,
    withStatus: boolean,
    after: SubscriberCursor | null,
    batch: number,
  ) =>
    scanNewestFirst(
      queryOf(filter, withStatus ? filter.status : undefined),
      toSubscriber,
      memoryFilter(filter, withStatus),
      after,
      batch,
    );

  const count = async (query: Query) => (await query.count().get()).data().count;

  return {
    async listSubscriberPage(filter, limit, after) {
      ensureOpen();
      return keysetPage(scan(filter, true, after, Math.max(limit + 1, 50)), limit);
    },
    async countSubscribers(filter) {
      ensureOpen();
      const counts: Record<SubscriberStatus, number> = {
        subscribed: 0,
        pending: 0,
        unsubscribed: 0,
      };
      if (memoryFilter(filter, false) === null) {
        // The list's own queries, so the same indexes serve both.
        const [subscribed, left, pending] = await Promise.all(
          (["subscribed", "unsubscribed", "pending"] as const).map((status) =>
            count(queryOf(filter, status)),
          ),
        );
        return {
          subscribed: subscribed ?? 0,
          pending: pending ?? 0,
          unsubscribed: (left ?? 0) - (pending ?? 0),
        };
      }
      for await (const page of scan(filter, false, null, 500))
        for (const subscriber of page) counts[subscriber.officeStatus] += 1;
      return counts;
    },
    async *eachSubscriber(filter, batch) {
      ensureOpen();
      for await (const page of scan(filter, true, null, batch)) if (page.length > 0) yield page;
    },
    async subscriberMoves(ranges) {
      ensureOpen();
      // Documents from before consentAt count by createdAt, as their consent reads (fields.ts toConsent).
      return Promise.all(
        ranges.map(async ({ start, end }) => {
          const from = Timestamp.fromDate(start);
          const to = Timestamp.fromDate(end);
          const [consented, departed] = await Promise.all([
            count(subscriptions.where("consentAt", ">=", from).where("consentAt", "<", to)),
            count(
              subscriptions.where("unsubscribedAt", ">=", from).where("unsubscribedAt", "<", to),
            ),
          ]);
          return { subscribed: consented, unsubscribed: departed };
        }),
      );
    },
    async unsubscribeByStaff(id, by, audit) {
      ensureOpen();
      if (!isDocumentId(id)) return null;
      const ref = subscriptions.doc(id);
      return firestore.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        if (!snapshot.exists) return null;
        const before = toSubscriber(snapshot);
        if (before.officeStatus === "unsubscribed")
          return { outcome: "already" as const, subscriber: before };
        // A pending link was made for the earlier departure: moving unsubscribedAt makes it stale.
        const at = Timestamp.now();
        transaction.update(ref, {
          status: "unsubscribed",
          unsubscribedAt: at,
          updatedAt: at,
          unsubscribedBy: by,
          awaitingConfirmation: false,
          confirmationSentAt: null,
        });
        seam.audit(transaction, audit);
        const subscriber: SubscriberRecord = {
          ...before,
          status: "unsubscribed",
          officeStatus: "unsubscribed",
          unsubscribedAt: at.toDate(),
          updatedAt: at.toDate(),
          unsubscribedBy: by,
          confirmationSentAt: null,
        };
        return { outcome: "unsubscribed" as const, subscriber };
      });
    },
  };
}
