import { createHmac } from "node:crypto";
import { emailKey } from "@site/shared/schemas/plain";
import { hmac, purposeKey } from "./signed-tokens.js";

/**
 * The keyed hash (HMAC-SHA256, hex) of an email address: names records after an address (Firestore
 * subscription ids, the mail limits' counters, erasure records) without holding it. A bare hash would
 * not do: anyone can hash a list of addresses and look for matches. Its key is derived from
 * DATA_KEY_SECRET for this use only (as every signed link's is, signed-tokens.ts), and it hashes the
 * address's `emailKey` (trimmed, NFC, lower-cased), so `ÉLODIE@X.com ` and `élodie@x.com` are one key.
 */
export interface DataKey {
  (email: string): string;
  /**
   * The key this one replaced (HMAC under the raw secret of the address trimmed and lower-cased, without
   * NFC). Only for finding what was named by it before (Firestore subscriptions); never to name anything.
   */
  readonly legacy: (email: string) => string;
}

/** The purpose the data key is derived for; another name would change every key made with it. */
const dataKeyPurpose = "address-key/v1";

export function createDataKey(secret: string): DataKey {
  if (secret.length < 32) throw new Error("The data key secret must be at least 32 characters");
  const key = purposeKey(secret, dataKeyPurpose);
  const dataKey = (email: string) => hmac(key, emailKey(email)).toString("hex");
  const legacy = (email: string) =>
    createHmac("sha256", secret).update(email.trim().toLowerCase(), "utf8").digest("hex");
  return Object.assign(dataKey, { legacy });
}
