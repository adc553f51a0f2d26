import { FieldValue, GrpcStatus, Timestamp, type Transaction } from "firebase-admin/firestore";
import { FIRESTORE_COLLECTIONS, hasGrpcCode, type FirestoreContext } from "../../adapters/firestore/fields.js";
import { IdempotencyKeyReusedError, type IdempotencyClaim, type IdempotencyStore } from "./port.js";

/**
 * Idempotency keys on Firestore. `readIdempotencyKey` runs inside the write's own transaction and
 * `withKeyRace` around it: the seam every capability's adapter calls when it writes a submission.
 */
export interface FirestoreIdempotency extends IdempotencyStore {
  readIdempotencyKey<Result extends object>(
    transaction: Transaction,
    claim: IdempotencyClaim | undefined,
  ): Promise<{ replay: Result | null; remember: (result: Result) => void }>;
  withKeyRace<Result>(claim: IdempotencyClaim | undefined, write: () => Promise<Result>): Promise<Result>;
}

export function createFirestoreIdempotency({ firestore, ensureOpen }: FirestoreContext): FirestoreIdempotency {
  const idempotencyKeys = firestore.collection(FIRESTORE_COLLECTIONS.idempotencyKeys);

  /**
   * Reads a write's idempotency key inside its transaction, before any write: `replay` is the first
   * write's result while the key holds; otherwise `remember` records the key with this write's result.
   * A new key is written with create(), so of two copies racing only one commits; the other fails with
   * ALREADY_EXISTS and, run again, is answered from the winner's key. Call `remember` before the write's
   * other writes: real Firestore commits all or nothing, but the emulator the tests use applies a commit's
   * writes in order and stops at the failing one.
   */
  const readIdempotencyKey = async <Result extends object>(
    transaction: Transaction,
    claim: IdempotencyClaim | undefined,
  ): Promise<{ replay: Result | null; remember: (result: Result) => void }> => {
    if (!claim) return { replay: null, remember: () => undefined };
    const ref = idempotencyKeys.doc(`${claim.scope}-${claim.key}`);
    const snapshot = await transaction.get(ref);
    const expiresAt: unknown = snapshot.get("expiresAt");
    const holds =
      snapshot.exists &&
      expiresAt instanceof Timestamp &&
      expiresAt.toMillis() > claim.now.getTime();
    if (holds) {
      if (snapshot.get("fingerprint") !== claim.fingerprint) throw new IdempotencyKeyReusedError();
      return {
        replay: JSON.parse(String(snapshot.get("result"))) as Result,
        remember: () => undefined,
      };
    }
    return {
      replay: null,
      remember(result) {
        const data = {
          scope: claim.scope,
          fingerprint: claim.fingerprint,
          result: JSON.stringify(result),
          createdAt: FieldValue.serverTimestamp(),
          expiresAt: Timestamp.fromDate(claim.expiresAt),
        };
        // An expired key's document is taken over; a new one must not exist at commit.
        if (snapshot.exists) transaction.set(ref, data);
        else transaction.create(ref, data);
      },
    };
  };

  /** Runs a keyed write; if a copy with the same key committed first, runs it again to answer from its key. */
  const withKeyRace = async <Result>(
    claim: IdempotencyClaim | undefined,
    write: () => Promise<Result>,
  ): Promise<Result> => {
    try {
      return await write();
    } catch (error) {
      if (claim && hasGrpcCode(error, GrpcStatus.ALREADY_EXISTS)) return write();
      throw error;
    }
  };

  return {
    readIdempotencyKey,
    withKeyRace,
    async purgeIdempotencyKeys(before) {
      ensureOpen();
      const snapshot = await idempotencyKeys
        .where("expiresAt", "<=", Timestamp.fromDate(before))
        .get();
      for (let start = 0; start < snapshot.docs.length; start += 400) {
        const batch = firestore.batch();
        for (const doc of snapshot.docs.slice(start, start + 400)) batch.delete(doc.ref);
        await batch.commit();
      }
      return snapshot.docs.length;
    },
  };
}
