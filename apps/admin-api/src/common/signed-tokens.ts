import { createHmac, timingSafeEqual } from "node:crypto";
import type { Clock } from "../ports/clock.js";

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
function macMatches(given: string, expected: Buffer): boolean {
  const bytes = Buffer.from(given, "base64url");
  if (bytes.toString("base64url") !== given || bytes.length !== expected.length) return false;
  return timingSafeEqual(bytes, expected);
}

/**
 * The one signer of the API's signed links and fields, for one purpose (its own key, see purposeKey).
 * Each format lays out its token itself; `sign` and `open` make and read the common `<payload>.<mac>`.
 */
export interface Signer {
  /** The mac of `data`, base64url (43 characters). */
  mac(data: string): string;
  /** Whether `mac` (read back from a URL or a form) is exactly the mac of `data` (see macMatches). */
  verify(data: string, mac: string): boolean;
  /** `<payload>.<mac of payload>`; `payload` is URL-safe already (base64url, digits). */
  sign(payload: string): string;
  /**
   * The payload of a token `sign` made for this purpose, with at most `maxPayloadLength` base64url
   * characters; null for anything else (malformed, altered, another purpose's).
   */
  open(token: string, maxPayloadLength: number): string | null;
}

export function createSigner(secret: string, purpose: string): Signer {
  const key = purposeKey(secret, purpose);
  const mac = (data: string) => hmac(key, data).toString("base64url");
  const verify = (data: string, given: string) => macMatches(given, hmac(key, data));
  return {
    mac,
    verify,
    sign: (payload) => `${payload}.${mac(payload)}`,
    open(token, maxPayloadLength) {
      const dot = token.indexOf(".");
      if (dot < 1 || dot > maxPayloadLength) return null;
      const payload = token.slice(0, dot);
      const given = token.slice(dot + 1);
      if (!/^[\w-]+$/.test(payload) || !/^[\w-]{43}$/.test(given)) return null;
      return verify(payload, given) ? payload : null;
    },
  };
}

/** What a maker of signed, expiring links is given: the data key secret, the site they point to, the time. */
export interface SignedLinkOptions {
  secret: string;
  /** SITE_URL: the links are absolute, to be opened from a mail. */
  siteUrl: string;
  clock: Clock;
}
