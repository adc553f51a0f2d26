import type { Clock } from "../ports/clock.js";
import { createSigner } from "../common/signed-tokens.js";

/**
 * The comment form's minimum fill time. Post pages are prerendered once, at build time, so no time can
 * be written into them then; the API serves them, and writes into each one's hidden `formStarted` field
 * the time it served the page, signed (HMAC under a key derived from the data key secret): `<ms>.<mac>`.
 * A comment arriving sooner than `minFillMs` after that is refused (people read before they write; a bot
 * posts at once). Signed rather than plain: a plain time is whatever a bot writes in it.
 * The signature binds the post's slug, so a start time fetched for one post does not serve another.
 */
export interface FormStartTokens {
  issue(post: string): string;
  /** "ok", "too-fast" (sent sooner than the minimum), or "invalid" (missing, altered, from the future). */
  check(post: string, token: string | undefined): "ok" | "too-fast" | "invalid";
}

export function createFormStartTokens({
  secret,
  clock,
  minFillMs,
}: {
  secret: string;
  clock: Clock;
  minFillMs: number;
}): FormStartTokens {
  const signer = createSigner(secret, "comment-form-start/v1");
  const signed = (post: string, ms: string) => `${post}\n${ms}`;
  return {
    issue(post) {
      const ms = String(clock.now().getTime());
      return `${ms}.${signer.mac(signed(post, ms))}`;
    },
    check(post, token) {
      const match = token === undefined ? null : /^(\d{1,16})\.([\w-]{43})$/.exec(token);
      if (!match) return "invalid";
      const ms = match[1] as string;
      if (!signer.verify(signed(post, ms), match[2] as string)) return "invalid";
      const elapsed = clock.now().getTime() - Number(ms);
      if (elapsed < 0) return "invalid";
      return elapsed < minFillMs ? "too-fast" : "ok";
    },
  };
}
