import { trimTrailingSlashes } from "@site/shared/i18n";
import { createSigner } from "../common/signed-tokens.js";

/**
 * The personal unsubscribe link of a subscriber: `<site>/api/unsubscribe?token=<id>.<mac>`, the mac an
 * HMAC-SHA256 of the subscription id under a key derived from the data key secret (DATA_KEY_SECRET, or
 * the generated file: one secret for the whole API), so a link cannot be made for anyone else and
 * stays valid for as long as the subscription exists.
 */
export interface UnsubscribeLinks {
  /** The URL for mail bodies and the List-Unsubscribe header. */
  url(subscriptionId: string): string;
  token(subscriptionId: string): string;
  /** The subscription id a token was made for, or null for anything not made with this secret. */
  verify(token: string): string | null;
}

/** The path the links point at (app.ts mounts it under /api). */
export const unsubscribePath = "/api/unsubscribe";

export function createUnsubscribeLinks({
  secret,
  siteUrl,
}: {
  secret: string;
  siteUrl: string;
}): UnsubscribeLinks {
  // A key of its own: a mac made for these links can never stand for another use of the secret.
  const signer = createSigner(secret, "unsubscribe-link/v1");
  const base = trimTrailingSlashes(siteUrl);
  const token = (id: string) =>
    `${Buffer.from(id, "utf8").toString("base64url")}.${signer.mac(id)}`;
  return {
    token,
    url: (id) => `${base}${unsubscribePath}?token=${token(id)}`,
    verify(value) {
      const match = /^([\w-]{1,400})\.([\w-]{43})$/.exec(value);
      if (!match) return null;
      const id = Buffer.from(match[1] as string, "base64url").toString("utf8");
      // The id's spelling is checked too: one token per subscription, never two that read alike.
      if (Buffer.from(id, "utf8").toString("base64url") !== match[1]) return null;
      return signer.verify(id, match[2] as string) ? id : null;
    },
  };
}
