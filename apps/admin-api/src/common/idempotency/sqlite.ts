import type Database from "better-sqlite3";
import { IdempotencyKeyReusedError, type IdempotencyClaim, type IdempotencyStore } from "./port.js";

/**
 * Idempotency keys on SQLite. `replayOf` and `rememberKey` run inside the write's own transaction: the
 * seam every capability's adapter calls when it writes a submission.
 */
export interface SqliteIdempotency extends IdempotencyStore {
  replayOf<Result>(claim: IdempotencyClaim | undefined): Result | null;
  rememberKey(claim: IdempotencyClaim | undefined, result: object, at: number): void;
}

export function createSqliteIdempotency(db: Database.Database): SqliteIdempotency {
  const idempotencyStatements = {
    find: db.prepare<[string, string, number], { fingerprint: string; result: string }>(
      `SELECT fingerprint, result FROM idempotency_keys WHERE scope = ? AND key = ? AND expires_at > ?`,
    ),
    // An expired key's row is taken over by the new write.
    remember: db.prepare<[string, string, string, string, number, number]>(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, result, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint,
         result = excluded.result, created_at = excluded.created_at, expires_at = excluded.expires_at`,
    ),
    purge: db.prepare<[number]>(`DELETE FROM idempotency_keys WHERE expires_at <= ?`),
  };

  /**
   * Inside the write's transaction (IMMEDIATE: the write lock is held, so two copies of one key cannot
   * both pass): the first write's result if the key holds, null if the write is to go ahead.
   */
  const replayOf = <Result>(claim: IdempotencyClaim | undefined): Result | null => {
    if (!claim) return null;
    const row = idempotencyStatements.find.get(claim.scope, claim.key, claim.now.getTime());
    if (!row) return null;
    if (row.fingerprint !== claim.fingerprint) throw new IdempotencyKeyReusedError();
    return JSON.parse(row.result) as Result;
  };

  /** Records the key with the write's result, in the write's transaction. */
  const rememberKey = (claim: IdempotencyClaim | undefined, result: object, at: number): void => {
    if (!claim) return;
    idempotencyStatements.remember.run(
      claim.scope,
      claim.key,
      claim.fingerprint,
      JSON.stringify(result),
      at,
      claim.expiresAt.getTime(),
    );
  };

  return {
    replayOf,
    rememberKey,
    async purgeIdempotencyKeys(before) {
      return idempotencyStatements.purge.run(before.getTime()).changes;
    },
  };
}
