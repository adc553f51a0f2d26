/** The idempotency keys of submissions (contacts, subscriptions, comments): claimed in the write they guard. */


/**
 * A submission's idempotency key (Decision: every submission exactly once), claimed in the same
 * transaction as the write it guards. While the key holds, the same key again is not written a second
 * time: the store answers with the first write's result (`replayed: true`, no mail queued), also when the
 * two copies race. The key is scoped to its kind of write.
 */
export interface IdempotencyClaim {
  scope: "contact" | "subscription" | "comment";
  /** As the browser made it (shared idempotencyKeyPattern). */
  key: string;
  /**
   * Keyed hash of the submission's fields (never the fields): the same key with other fields is refused
   * with IdempotencyKeyReusedError, since answering it with the first answer would silently drop it.
   */
  fingerprint: string;
  /** From when the key is forgotten: a key past it counts as new. */
  expiresAt: Date;
  /** The caller's clock (tests move it). */
  now: Date;
}

/** The key of an IdempotencyClaim was already used, while it held, for a submission with other fields. */
export class IdempotencyKeyReusedError extends Error {
  constructor() {
    super("The idempotency key was already used for a submission with other fields");
    this.name = "IdempotencyKeyReusedError";
  }
}

export interface IdempotencyStore {
  /** Forgets idempotency keys whose expiresAt is at or before `now`; returns how many. */
  purgeIdempotencyKeys(now: Date): Promise<number>;
}
