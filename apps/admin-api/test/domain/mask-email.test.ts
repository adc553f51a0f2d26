import { describe, expect, it } from "vitest";
import { maskEmail, maskEmailsIn } from "../../src/common/mask-email.js";
import { capturingLogger } from "../helpers/logger.js";

describe("maskEmail", () => {
  it.each([
    ["jane.doe@example.com", "j***@e***.com"],
    ["J@E.CO.KE", "J***@E***.KE"],
    ["wanjiku+news@mail.example.co.ke", "w***@m***.ke"],
    ["a@localhost", "a***@l***"],
    ["not-an-address", "***"],
  ])("%s becomes %s", (address, masked) => {
    expect(maskEmail(address)).toBe(masked);
  });

  it("is stable when applied twice", () => {
    expect(maskEmail(maskEmail("jane.doe@example.com"))).toBe("j***@e***.com");
  });
});

describe("maskEmailsIn", () => {
  it("masks every address in free text and leaves the rest", () => {
    expect(
      maskEmailsIn(
        '550 5.1.1 <jane.doe@example.com>: Recipient address rejected; cc: "bob_o\'neil@mail.example.org"',
      ),
    ).toBe('550 5.1.1 <j***@e***.com>: Recipient address rejected; cc: "b***@m***.org"');
  });

  it("masks addresses in any script, which the forms accept", () => {
    expect(maskEmailsIn("to élodie@exemple.fr and 用户@例子.中国 failed")).toBe(
      "to é***@e***.fr and 用***@例***.中国 failed",
    );
  });

  it("answers a log line of 200,000 address-like characters without an address (no retry per start)", () => {
    const line = `${"a".repeat(100_000)}@${"b".repeat(100_000)}`;
    expect(maskEmailsIn(line)).toBe(line);
    expect(maskEmailsIn(`x ${"a.".repeat(50_000)}@b.co`)).toBe("x a***@b***.co");
  });

  it("leaves text without an address untouched", () => {
    const text = "mail sent {mailId: 1, attempt: 2} user@ nothing";
    expect(maskEmailsIn(text)).toBe(text);
  });
});

describe("the API's logger", () => {
  it("masks addresses in any field and message of a line, nested or not", () => {
    const log = capturingLogger();
    log.logger.info(
      { to: "jane.doe@example.com", err: new Error("rejected <jane.doe@example.com>") },
      "could not reach jane.doe@example.com",
    );
    const text = log.text();
    expect(text).not.toContain("jane.doe@example.com");
    expect(text).toContain("j***@e***.com");
    expect(JSON.parse(log.lines()[0] ?? "{}")).toMatchObject({ to: "j***@e***.com" });
  });
});
