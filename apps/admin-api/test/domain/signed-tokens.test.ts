import { describe, expect, it } from "vitest";
import { createFormStartTokens } from "../../src/comments/form-start.js";
import { createModerationLinks } from "../../src/comments/moderation-links.js";
import { createUnsubscribeLinks } from "../../src/newsletter/unsubscribe-links.js";
import { manualClock } from "../helpers/clock.js";

const secret = "s".repeat(40);
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * The three other spellings of a token whose last character ends a 32-byte mac: 43 characters hold 258
 * bits, so the last one carries 4 bits of the mac and 2 unused ones that a base64url decoder ignores.
 */
function unusedBitVariants(token: string): string[] {
  const last = alphabet.indexOf(token.slice(-1));
  return [1, 2, 3].map((unused) => `${token.slice(0, -1)}${alphabet[last ^ unused]}`);
}

describe("signed tokens accept only the one spelling of their mac", () => {
  const ids = Array.from({ length: 12 }, (_, i) => `id-${i}`);

  it("unsubscribe links", () => {
    const links = createUnsubscribeLinks({ secret, siteUrl: "https://site.example" });
    for (const id of ids) {
      const token = links.token(id);
      for (const variant of unusedBitVariants(token))
        expect(links.verify(variant), variant).toBeNull();
      expect(links.verify(token)).toBe(id);
    }
  });

  it("unsubscribe links: the id's spelling too (one token per subscription)", () => {
    const links = createUnsubscribeLinks({ secret, siteUrl: "https://site.example" });
    // "id-1" is 4 bytes, 6 characters: the last carries 4 unused bits.
    const [idPart, mac] = links.token("id-1").split(".") as [string, string];
    const last = alphabet.indexOf(idPart.slice(-1));
    for (const unused of [1, 2, 3, 15]) {
      const variant = `${idPart.slice(0, -1)}${alphabet[last ^ unused]}.${mac}`;
      expect(Buffer.from(variant.split(".")[0]!, "base64url").toString()).toBe("id-1");
      expect(links.verify(variant), variant).toBeNull();
    }
  });

  it("moderation links", () => {
    const links = createModerationLinks({ secret, siteUrl: "", clock: manualClock() });
    for (const id of ids) {
      const token = links.token(id, "approved");
      for (const variant of unusedBitVariants(token))
        expect(links.verify(variant), variant).toEqual({ ok: false, reason: "forged" });
      expect(links.verify(token)).toMatchObject({ ok: true, commentId: id, decision: "approved" });
    }
  });

  it("comment form start times", () => {
    const clock = manualClock();
    const starts = createFormStartTokens({ secret, clock, minFillMs: 1000 });
    for (const post of ids) {
      const token = starts.issue(post);
      clock.advance(5000);
      for (const variant of unusedBitVariants(token))
        expect(starts.check(post, variant), variant).toBe("invalid");
      expect(starts.check(post, token)).toBe("ok");
    }
  });
});
