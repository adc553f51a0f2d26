import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * What the API's signed links and fields share: a key of their own per use, derived from the one data key
 * secret (so a mac made for one use can never stand for another), and one way to compare a mac read back
 * from a URL or a form.
 */
export function purposeKey(secret: string, purpose: string): Buffer {
  return createHmac("sha256", secret).update(purpose).digest();
}

export function hmac(key: Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data, "utf8").digest();
}

/**
 * Whether `given` (base64url text) is exactly `expected`. Only the one spelling counts: the last
 * character of a 32-byte value's base64url also carries two unused bits that a decoder ignores, so
 * "…A" and "…B" would otherwise both pass for one mac. Compared in constant time.
 */
export function macMatches(given: string, expected: Buffer): boolean {
  const bytes = Buffer.from(given, "base64url");
  if (bytes.toString("base64url") !== given || bytes.length !== expected.length) return false;
  return timingSafeEqual(bytes, expected);
}
