import { createHmac } from "node:crypto";

/**
 * The keyed hash (HMAC-SHA256, hex) of an email address under DATA_KEY_SECRET: names records after an
 * address (Firestore subscription ids, the mail limits' counters, erasure records) without holding it.
 * A bare hash would not do: anyone can hash a list of addresses and look for matches. The address is
 * normalised first (trimmed, lower-cased), so `A@X.com ` and `a@x.com` are one key.
 */
export type DataKey = (email: string) => string;

export function createDataKey(secret: string): DataKey {
  if (secret.length < 32) throw new Error("The data key secret must be at least 32 characters");
  return (email) =>
    createHmac("sha256", secret).update(email.trim().toLowerCase(), "utf8").digest("hex");
}
