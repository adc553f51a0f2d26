import { idempotencyKeyPattern } from "@site/shared/schemas";
import { messageRef } from "@site/shared/i18n/message-ref";
import type { Clock } from "../../ports/clock.js";
import type { IdempotencyClaim } from "../../ports/store.js";
import { keyedFieldErrors } from "../messages.js";
import { hmac, purposeKey } from "../signed-tokens.js";

/**
 * How long a submission's key is remembered: a week, so a message queued on a phone offline and sent
 * on a visit days later is still answered once (keys hold no personal data: a keyed fingerprint and the
 * first write's id). Past it the key counts as new; the retention job forgets expired keys.
 */
export const idempotencyKeyLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** Keyed hash of a submission's fields, so a reused key with other fields is told apart. */
export type Fingerprint = (fields: unknown) => string;

export function createFingerprint(secret: string): Fingerprint {
  // A key of its own, derived from the one secret: never the same hash as another use of it.
  const key = purposeKey(secret, "idempotency-fingerprint/v1");
  return (fields) => hmac(key, JSON.stringify(fields)).toString("hex");
}

export interface Idempotency {
  /**
   * The claim of a submission: its key from the `Idempotency-Key` header or the form's `idempotencyKey`
   * field (both checked; two different ones are an error), or none when the submission has no key (a form
   * posted without script). `fields` are the validated fields, fingerprinted.
   */
  claimOf(
    scope: IdempotencyClaim["scope"],
    keys: { header: string | undefined; field: string | undefined },
    fields: unknown,
  ):
    | { ok: true; claim: IdempotencyClaim | undefined }
    | { ok: false; fieldErrors: Record<string, string> };
}

export function createIdempotency({
  fingerprint,
  clock,
}: {
  fingerprint: Fingerprint;
  clock: Clock;
}): Idempotency {
  return {
    claimOf(scope, { header, field }, fields) {
      // Composed only for a refused key, not for every submission.
      const invalid = () =>
        ({
          ok: false,
          fieldErrors: keyedFieldErrors({
            idempotencyKey: messageRef("requestMessages.idempotencyKeyInvalid"),
          }),
        }) as const;
      if (header !== undefined && !idempotencyKeyPattern.test(header)) return invalid();
      if (header !== undefined && field !== undefined && header !== field) return invalid();
      const key = header ?? field;
      if (key === undefined) return { ok: true, claim: undefined };
      const now = clock.now();
      return {
        ok: true,
        claim: {
          scope,
          key,
          fingerprint: fingerprint(fields),
          now,
          expiresAt: new Date(now.getTime() + idempotencyKeyLifetimeMs),
        },
      };
    },
  };
}
