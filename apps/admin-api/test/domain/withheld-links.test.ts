import { describe, expect, it } from "vitest";
import { withheldMark, withholdLinkKeys } from "../../src/mail/withheld-links.js";

describe("withholdLinkKeys", () => {
  it("withholds the query and fragment of every link, which carry the recipients' keys", () => {
    const text = [
      "Sign in: https://firm.example/admin/sign-in#token=abcDEF123_-",
      "Confirm: https://firm.example/api/subscriptions/confirm?token=eyJhIjoxfQ.mac",
      "Unsubscribe (https://firm.example/api/unsubscribe?token=id.mac) any time.",
      "Approve: http://localhost:8080/api/comments/moderate?token=p.m&x=1",
    ].join("\n");
    const shown = withholdLinkKeys(text);
    expect(shown).not.toContain("token");
    expect(shown).toContain(`https://firm.example/admin/sign-in${withheldMark}`);
    expect(shown).toContain(`https://firm.example/api/subscriptions/confirm${withheldMark}`);
    expect(shown).toContain(`(https://firm.example/api/unsubscribe${withheldMark})`);
    expect(shown).toContain(`http://localhost:8080/api/comments/moderate${withheldMark}`);
  });

  it("leaves plain links and the rest of the text as they are", () => {
    const text =
      "Read https://firm.example/blog/sacco-boards, then reply. Token? No: ?token=x alone is text.";
    expect(withholdLinkKeys(text)).toBe(text);
  });

  it("withholds the key of a 200,000-character link (one pass, no backtracking)", () => {
    const text = `https://${"a".repeat(200_000)}?`;
    expect(withholdLinkKeys(text)).toBe(`https://${"a".repeat(200_000)}${withheldMark}`);
  });
});
