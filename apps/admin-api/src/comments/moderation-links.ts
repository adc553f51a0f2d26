import { trimTrailingSlashes } from "@site/shared/i18n";
import type { CommentStatus } from "../ports/store.js";
import { createSigner, type SignedLinkOptions } from "../common/signed-tokens.js";

/** What a moderation link decides (never `hidden`: only staff hide a published comment, in the office). */
export type ModerationDecision = Exclude<CommentStatus, "pending" | "hidden">;
export const moderationDecisions = [
  "approved",
  "rejected",
  "spam",
] as const satisfies readonly ModerationDecision[];

/** The path the links point at (app.ts mounts it under /api). */
export const moderationPath = "/api/comments/moderate";

/** How long a link in the firm's notification works. */
export const moderationLinkLifetimeMs = 14 * 24 * 60 * 60 * 1000;

export type VerifiedModerationLink =
  | { ok: true; commentId: string; decision: ModerationDecision; expiresAt: Date }
  | { ok: false; reason: "forged" | "expired" };

/**
 * The approve / reject / spam links of the firm's notification about a new comment:
 * `<site>/api/comments/moderate?token=<payload>.<mac>`, the payload (base64url) naming the decision, the
 * expiry time and the comment id, the mac an HMAC-SHA256 of the payload under a key derived from the data
 * key secret for this use only (DATA_KEY_SECRET, or the file generated under var/data when unset). A link
 * cannot be made for another comment or decision, or be given a later expiry, without the secret.
 */
export interface ModerationLinks {
  /** `issuedAt` defaults to now; tests pass a past one to make an expired link. */
  url(commentId: string, decision: ModerationDecision, issuedAt?: Date): string;
  token(commentId: string, decision: ModerationDecision, issuedAt?: Date): string;
  verify(token: string): VerifiedModerationLink;
}

export function createModerationLinks({
  secret,
  siteUrl,
  clock,
}: SignedLinkOptions): ModerationLinks {
  const signer = createSigner(secret, "comment-moderation-link/v1");
  const base = trimTrailingSlashes(siteUrl);
  const token: ModerationLinks["token"] = (commentId, decision, issuedAt = clock.now()) => {
    const expires = issuedAt.getTime() + moderationLinkLifetimeMs;
    const payload = Buffer.from(`${decision}.${expires}.${commentId}`, "utf8").toString(
      "base64url",
    );
    return signer.sign(payload);
  };
  return {
    token,
    url: (commentId, decision, issuedAt) =>
      `${base}${moderationPath}?token=${token(commentId, decision, issuedAt)}`,
    verify(value) {
      const payload = signer.open(value, 600);
      if (payload === null) return { ok: false, reason: "forged" };
      const parts = /^(approved|rejected|spam)\.(\d{1,16})\.(.+)$/s.exec(
        Buffer.from(payload, "base64url").toString("utf8"),
      );
      if (!parts) return { ok: false, reason: "forged" };
      const expiresAt = new Date(Number(parts[2]));
      // Checked only once the mac holds: an expiry nobody signed says nothing.
      if (clock.now().getTime() >= expiresAt.getTime()) return { ok: false, reason: "expired" };
      return {
        ok: true,
        decision: parts[1] as ModerationDecision,
        commentId: parts[3] as string,
        expiresAt,
      };
    },
  };
}
