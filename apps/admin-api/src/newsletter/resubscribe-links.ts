import { isLocale, trimTrailingSlashes, type Locale } from "@site/shared/i18n";
import type { ConsentInput } from "../ports/store.js";
import { createSigner, type SignedLinkOptions } from "../common/signed-tokens.js";

/** The path the links point at (app.ts mounts it under /api). */
export const resubscribePath = "/api/subscriptions/confirm";

/**
 * How long a confirmation link works: as long as a moderation link (comments/moderation-links.ts). The mail
 * says so (`mailMessages.resubscribe.expiry` in @site/shared/messages).
 */
export const resubscribeLinkLifetimeMs = 14 * 24 * 60 * 60 * 1000;

/** What a verified link asks for: bring this subscription back, as it was left at `departedAt`. */
export interface ResubscribeRequest {
  subscriptionId: string;
  /** The subscription's unsubscribedAt when the link was made (milliseconds): the link's one use. */
  departedAt: Date;
  /** The language of the form that asked: the pages, the stored subscription and its mails use it. */
  locale: Locale;
  /** The form's page and privacy notice version, recorded as the consent when the link is confirmed. */
  consent: ConsentInput;
  expiresAt: Date;
}

export type VerifiedResubscribeLink =
  | ({ ok: true } & ResubscribeRequest)
  | { ok: false; reason: "forged" }
  /** Signed, but past its expiry: the pages still speak the language it was made in. */
  | { ok: false; reason: "expired"; locale: Locale };

/**
 * The link mailed to an address that had unsubscribed when someone subscribes it on the site again
 * (Decision 10): `<site>/api/subscriptions/confirm?token=<payload>.<mac>`. The payload (base64url JSON)
 * holds the expiry, the moment the subscription was left, its id (never the address), the language and
 * the form's consent; the mac is an HMAC-SHA256 of it under a key derived from the data key secret for
 * this use only, so neither an unsubscribe nor a moderation link can stand for it, and nothing in it can
 * be changed without the secret. Binding it to the departure makes it single-use: once the address is
 * back (or has left again) the store no longer matches it.
 */
export interface ResubscribeLinks {
  url(request: Omit<ResubscribeRequest, "expiresAt">, issuedAt?: Date): string;
  /** `issuedAt` defaults to now; tests pass a past one to make an expired link. */
  token(request: Omit<ResubscribeRequest, "expiresAt">, issuedAt?: Date): string;
  verify(token: string): VerifiedResubscribeLink;
}

/** The payload's fields, short: the URL stays well under what mail programs wrap. */
interface Payload {
  v: 1;
  e: number;
  d: number;
  s: string;
  l: Locale;
  p: string | null;
  n: string | null;
}

const isMillis = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
const isTextOrNull = (value: unknown): value is string | null =>
  value === null || (typeof value === "string" && value.length <= 300);

function readPayload(text: string): Payload | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const p = value as Record<string, unknown>;
  if (p["v"] !== 1 || !isMillis(p["e"]) || !isMillis(p["d"]) || !isLocale(p["l"])) return null;
  if (typeof p["s"] !== "string" || p["s"].length === 0 || p["s"].length > 400) return null;
  if (!isTextOrNull(p["p"]) || !isTextOrNull(p["n"])) return null;
  return p as unknown as Payload;
}

export function createResubscribeLinks({
  secret,
  siteUrl,
  clock,
}: SignedLinkOptions): ResubscribeLinks {
  const signer = createSigner(secret, "resubscribe-link/v1");
  const base = trimTrailingSlashes(siteUrl);
  const token: ResubscribeLinks["token"] = (request, issuedAt = clock.now()) => {
    const payload: Payload = {
      v: 1,
      e: issuedAt.getTime() + resubscribeLinkLifetimeMs,
      d: request.departedAt.getTime(),
      s: request.subscriptionId,
      l: request.locale,
      p: request.consent.page,
      n: request.consent.noticeVersion,
    };
    const encoded = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
    return signer.sign(encoded);
  };
  return {
    token,
    url: (request, issuedAt) => `${base}${resubscribePath}?token=${token(request, issuedAt)}`,
    verify(value) {
      const encoded = signer.open(value, 1200);
      if (encoded === null) return { ok: false, reason: "forged" };
      const payload = readPayload(Buffer.from(encoded, "base64url").toString("utf8"));
      if (!payload) return { ok: false, reason: "forged" };
      // Checked only once the mac holds: an expiry nobody signed says nothing.
      if (clock.now().getTime() >= payload.e)
        return { ok: false, reason: "expired", locale: payload.l };
      return {
        ok: true,
        subscriptionId: payload.s,
        departedAt: new Date(payload.d),
        locale: payload.l,
        consent: { page: payload.p, noticeVersion: payload.n },
        expiresAt: new Date(payload.e),
      };
    },
  };
}
