import type { Firestore } from "firebase-admin/firestore";
import { createFirestoreComments } from "../../comments/firestore.js";
import { createFirestoreContacts } from "../../contacts/firestore.js";
import type { DataKey } from "../../common/data-key.js";
import { createFirestoreMail } from "../../mail/firestore.js";
import { createFirestoreOutboxOffice } from "../../mail/firestore-office.js";
import { createFirestoreSubscriptions } from "../../newsletter/firestore.js";
import { createFirestorePersonalData } from "../../personal-data/firestore.js";
import type { Store } from "../../ports/store.js";
import { createFirestoreIdempotency } from "../../common/idempotency/firestore.js";
import { createFirestoreOfficeSeam, createFirestoreStaff } from "../../staff/firestore.js";
import { createFirestoreLeads } from "../../leads/firestore.js";
import { createFirestoreSubscriberOffice } from "../../newsletter/firestore-office.js";
import { FIRESTORE_COLLECTIONS, type FirestoreContext } from "./fields.js";

export { FIRESTORE_COLLECTIONS } from "./fields.js";
export { legacySubscriptionDocumentIds, subscriptionDocumentId } from "../../newsletter/firestore.js";

export interface FirestoreStoreOptions {
  /** A firebase-admin Firestore instance; main.ts builds it (and points it at an emulator when configured). */
  firestore: Firestore;
  /**
   * The keyed hash (shared/data-key.ts) that names documents after an email address: a bare hash of an
   * address is no secret (anyone can hash a list of addresses and compare). Its `legacy` key finds the
   * subscriptions named before it (see subscriptionDocumentId).
   */
  dataKey: DataKey;
}

/**
 * The Store on Cloud Firestore through firebase-admin: every capability's adapter on one client.
 * Queries touch only top-level fields and avoid collectionGroup, listCollections, cursors and BulkWriter,
 * so the same code runs against @firestore-emulator/server in the contract tests. One composite index is
 * needed in production: mail (state ASC, createdAt ASC), for the oldest-pending query in outboxStats.
 */
export function createFirestoreStore({ firestore, dataKey }: FirestoreStoreOptions): Store {
  let closed: Promise<void> | undefined;
  const context: FirestoreContext = {
    firestore,
    ensureOpen() {
      if (closed !== undefined) throw new Error("The Firestore store is closed");
    },
  };
  // Mail and idempotency keys are the transaction seam: the contacts, newsletter and comments adapters
  // read limits and keys, then queue mails and record keys, inside their own write's transaction.
  const idempotency = createFirestoreIdempotency(context);
  const mail = createFirestoreMail(context);
  const seam = { mail: mail.seam, idempotency };
  const subscriptions = firestore.collection(FIRESTORE_COLLECTIONS.subscriptions);
  // The office's writes record their audit entries and queue their mails inside their own transaction.
  const office = createFirestoreOfficeSeam(firestore);

  return {
    ...createFirestoreContacts(context, seam),
    ...createFirestoreSubscriptions({ ...context, dataKey }, seam),
    ...createFirestoreComments(context, seam),
    ...mail.store,
    ...createFirestoreOutboxOffice(context, office),
    ...createFirestorePersonalData(context, office),
    ...createFirestoreStaff(context, office),
    ...createFirestoreLeads(context, office),
    ...createFirestoreSubscriberOffice(context, office),
    purgeIdempotencyKeys: (before) => idempotency.purgeIdempotencyKeys(before),

    async ping() {
      context.ensureOpen();
      await subscriptions.limit(1).get();
    },

    close() {
      // terminate() waits for in-flight calls; closing twice returns the same promise.
      closed ??= firestore.terminate();
      return closed;
    },
  };
}
