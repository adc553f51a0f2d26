import { randomUUID } from "node:crypto";
import {
  FieldValue,
  GrpcStatus,
  Timestamp,
  type CollectionReference,
  type DocumentData,
  type DocumentSnapshot,
  type Query,
  type Transaction,
} from "firebase-admin/firestore";
import {
  FIRESTORE_COLLECTIONS,
  hasGrpcCode,
  isDocumentId,
  type FirestoreContext,
} from "../adapters/firestore/fields.js";
import {
  claimedMailDocument,
  isClaimable,
  newMailDocument,
  parseMailDocument,
  readMailDocument,
  requeuedFields,
  setAsideFields,
  toMailRecord,
} from "./firestore-document.js";
import { readMailLimits, type MailLimitPlan } from "./firestore-limits.js";
import type { ClaimedMail, MailClaim, MailRecord, MailStore, NewMail } from "./port.js";

/** How long a claim's lock document is kept (for a TTL policy on `expireAt`); any lease is far shorter. */
const claimLockRetentionMs = 7 * 24 * 60 * 60 * 1000;

export const byCreatedAtThenId = (a: MailRecord, b: MailRecord): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The transaction seam of the mail capability on Firestore: the other capabilities' adapters read the
 * limits of their mails (before any write, as Firestore wants) and queue them inside their own transaction.
 */
export interface FirestoreMailSeam {
  readMailLimits(transaction: Transaction, items: readonly NewMail[]): Promise<MailLimitPlan>;
  /** Queues `items` in `transaction` (contactId: the contact they belong to, or null). */
  createMails(transaction: Transaction, items: readonly NewMail[], contactId: string | null): void;
}

/**
 * The mail capability on Firestore: the outbox, the automatic-mail limits and mail-body retention. One
 * composite index is needed in production: mail (state ASC, createdAt ASC), for the oldest-pending query
 * in outboxStats.
 */
export function createFirestoreMail({ firestore, ensureOpen }: FirestoreContext): {
  store: MailStore;
  seam: FirestoreMailSeam;
} {
  const mail: CollectionReference = firestore.collection(FIRESTORE_COLLECTIONS.mail);
  const mailClaims = firestore.collection(FIRESTORE_COLLECTIONS.mailClaims);
  const backlog: Query = mail.where("state", "in", ["PENDING", "PROCESSING"]);
  const mailLimits = firestore.collection(FIRESTORE_COLLECTIONS.mailLimits);

  const readMail = (snapshot: DocumentSnapshot): MailRecord | null => {
    const data = snapshot.data();
    return data === undefined ? null : toMailRecord(snapshot.id, parseMailDocument(data));
  };

  /**
   * Claims one mail in a transaction: read, check it is still due, then create the claim's lock document
   * and update the mail. On real Firestore the transaction alone decides a race: the loser's commit is
   * aborted, it retries, re-reads a leased mail and leaves it. The lock document (`<mail id>-<claim
   * number>`, created with create(), which fails with ALREADY_EXISTS when it exists) decides it a second
   * time, and is what decides it on @firestore-emulator/server, which neither locks nor retries
   * contended transactions: two workers that read the same claim number cannot both create its lock,
   * and the emulator applies a commit's writes in order, stopping at the failed create. A document that
   * cannot be read as a mail is set aside (ERROR with the reason) instead of failing the whole claim.
   */
  const claimOne = async (id: string, now: Date, leaseUntil: Date): Promise<ClaimedMail | null> => {
    const ref = mail.doc(id);
    try {
      return await firestore.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        const data = snapshot.data();
        if (data === undefined) return null;
        const read = readMailDocument(data);
        if (!read.ok) {
          transaction.update(ref, setAsideFields(read.reason, now));
          return null;
        }
        if (!isClaimable(read.doc, now)) return null;
        const claimToken = randomUUID();
        const claimed = claimedMailDocument(read.doc, now, leaseUntil, claimToken);
        // The lock first: if its create fails, the mail's update is not applied either.
        transaction.create(mailClaims.doc(`${id}-${claimed.claimCount}`), {
          mailId: id,
          claimToken,
          claimedAt: Timestamp.fromDate(now),
          expireAt: Timestamp.fromMillis(now.getTime() + claimLockRetentionMs),
        });
        transaction.update(ref, {
          delivery: claimed.delivery,
          state: claimed.state,
          dueAt: claimed.dueAt,
          claimToken,
          claimCount: claimed.claimCount,
        });
        return { ...toMailRecord(id, claimed), claimToken };
      });
    } catch (error) {
      // Another worker claimed this mail first.
      if (hasGrpcCode(error, GrpcStatus.ALREADY_EXISTS)) return null;
      throw error;
    }
  };

  /**
   * A change to a claimed mail, fenced by its claim token: in a transaction, applied only while the
   * mail is PROCESSING under that very claim. False (and nothing written) otherwise.
   */
  const updateClaimed = async (
    { id, claimToken }: MailClaim,
    fields: DocumentData | ((snapshot: DocumentSnapshot) => DocumentData),
  ): Promise<boolean> => {
    if (!isDocumentId(id)) return false;
    const ref = mail.doc(id);
    return firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists) return false;
      if (snapshot.get("state") !== "PROCESSING" || snapshot.get("claimToken") !== claimToken) {
        return false;
      }
      const changes = typeof fields === "function" ? fields(snapshot) : fields;
      transaction.update(ref, { ...changes, claimToken: changes.claimToken ?? claimToken });
      return true;
    });
  };

  return {
    seam: {
      readMailLimits: (transaction, items) =>
        readMailLimits({ mailLimits, mail }, transaction, items),
      createMails(transaction, items, contactId) {
        for (const item of items) transaction.create(mail.doc(), newMailDocument(item, contactId));
      },
    },
    store: {
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
        const outcomes = await Promise.allSettled(
          candidates.docs.map((doc) => claimOne(doc.id, now, leaseUntil)),
        );
        // The claims that succeeded are returned even if another failed: thrown away, they would sit
        // leased until their lease ran out. Only when every one failed is there an error to report.
        const failure = outcomes.find((outcome) => outcome.status === "rejected");
        const claimed = outcomes.flatMap((outcome) =>
          outcome.status === "fulfilled" && outcome.value !== null ? [outcome.value] : [],
        );
        if (failure && claimed.length === 0) throw failure.reason;
        return claimed.sort(byCreatedAtThenId);
      },

      async renewMailLease(claim, leaseUntil) {
        ensureOpen();
        const lease = Timestamp.fromDate(leaseUntil);
        return updateClaimed(claim, { dueAt: lease, "delivery.leaseExpireTime": lease });
      },

      async releaseMails(claims, now) {
        ensureOpen();
        const due = Timestamp.fromDate(now);
        const released = await Promise.all(
          claims.map((claim) =>
            updateClaimed(claim, (snapshot) => {
              const attempts: unknown = snapshot.get("delivery.attempts");
              return {
                state: "PENDING",
                dueAt: due,
                nextAttemptAt: due,
                claimToken: null,
                "delivery.state": "PENDING",
                "delivery.leaseExpireTime": null,
                // The claim counted an attempt that never reached a server: take it back.
                "delivery.attempts": typeof attempts === "number" ? Math.max(0, attempts - 1) : 0,
              };
            }),
          ),
        );
        return released.filter(Boolean).length;
      },

      async markMailSent(claim, at, messageId) {
        ensureOpen();
        return updateClaimed(claim, {
          state: "SUCCESS",
          dueAt: null,
          claimToken: null,
          "delivery.state": "SUCCESS",
          "delivery.endTime": Timestamp.fromDate(at),
          "delivery.leaseExpireTime": null,
          "delivery.error": null,
          "delivery.info": { messageId },
        });
      },

      async markMailFailed(claim, at, error, retry) {
        ensureOpen();
        if (retry.final) {
          return updateClaimed(claim, {
            state: "ERROR",
            dueAt: null,
            claimToken: null,
            "delivery.state": "ERROR",
            "delivery.endTime": Timestamp.fromDate(at),
            "delivery.leaseExpireTime": null,
            "delivery.error": error,
          });
        }
        const next = Timestamp.fromDate(retry.nextAttemptAt);
        return updateClaimed(claim, {
          state: "PENDING",
          dueAt: next,
          nextAttemptAt: next,
          claimToken: null,
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
          if (data === undefined || parseMailDocument(data).delivery.state !== "ERROR")
            return false;
          transaction.update(ref, requeuedFields(Timestamp.fromDate(now)));
          return true;
        });
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
        if (filter.contactId !== undefined)
          query = query.where("contactId", "==", filter.contactId);
        // Sorted here rather than with orderBy: equality filters alone need no composite index.
        const snapshot = await query.get();
        // A document that is not a mail (set aside by claimOne, ERROR with the reason) has no record to
        // show; it is counted in outboxStats and found in the console by its state and delivery.error.
        return snapshot.docs
          .flatMap((doc) => {
            const read = readMailDocument(doc.data());
            return read.ok && read.doc.state !== "HELD" ? [toMailRecord(doc.id, read.doc)] : [];
          })
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
        // Read on its own: one malformed document must not take readiness down.
        const createdAt: unknown = oldestDoc?.get("createdAt");
        const oldestCreatedAt = createdAt instanceof Timestamp ? createdAt.toMillis() : null;
        return {
          pending: pending.data().count,
          failed: failed.data().count,
          oldestPendingAgeMs:
            oldestCreatedAt === null ? null : Math.max(0, now.getTime() - oldestCreatedAt),
        };
      },

      async outboxCounts() {
        ensureOpen();
        const [queued, sending, sent, failed, held] = await Promise.all(
          (["PENDING", "PROCESSING", "SUCCESS", "ERROR", "HELD"] as const).map(
            async (state) => (await mail.where("state", "==", state).count().get()).data().count,
          ),
        );
        return {
          queued: queued ?? 0,
          sending: sending ?? 0,
          sent: sent ?? 0,
          failed: failed ?? 0,
          held: held ?? 0,
        };
      },

      async purgeMailBodies(finishedBefore) {
        ensureOpen();
        // Equality on the top-level state copy; the end time is compared here (the emulator cannot
        // filter on the nested delivery.endTime).
        const snapshot = await mail.where("state", "in", ["SUCCESS", "ERROR"]).get();
        const due = snapshot.docs.filter((doc) => {
          const endTime: unknown = doc.get("delivery.endTime");
          return (
            endTime instanceof Timestamp &&
            endTime.toMillis() < finishedBefore.getTime() &&
            !(doc.get("bodyPurgedAt") instanceof Timestamp)
          );
        });
        for (let start = 0; start < due.length; start += 400) {
          const batch = firestore.batch();
          for (const doc of due.slice(start, start + 400)) {
            batch.update(doc.ref, {
              "message.text": "",
              "message.html": "",
              bodyPurgedAt: FieldValue.serverTimestamp(),
            });
          }
          await batch.commit();
        }
        return due.length;
      },
    },
  };
}
