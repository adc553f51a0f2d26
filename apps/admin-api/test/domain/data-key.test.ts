import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createDataKey } from "../../src/common/data-key.js";
import { purposeKey } from "../../src/common/signed-tokens.js";

const secret = "s".repeat(40);

describe("the data key", () => {
  const dataKey = createDataKey(secret);

  it("is the HMAC of the address's key under a key derived for this purpose, never under the raw secret", () => {
    // The purpose's name is part of every key: renaming it would rename every record named after one.
    const expected = createHmac("sha256", purposeKey(secret, "address-key/v1"))
      .update("élodie@example.com", "utf8")
      .digest("hex");
    expect(dataKey("élodie@example.com")).toBe(expected);
    expect(dataKey("élodie@example.com")).not.toBe(
      createHmac("sha256", secret).update("élodie@example.com", "utf8").digest("hex"),
    );
  });

  it("is one key for every spelling of an address: case in any script, composed or decomposed, spaces around", () => {
    const key = dataKey("élodie@example.com");
    for (const spelling of [
      "ÉLODIE@EXAMPLE.COM",
      "E\u0301lodie@Example.com",
      " élodie@example.com ",
    ])
      expect(dataKey(spelling)).toBe(key);
    expect(dataKey("elodie@example.com")).not.toBe(key);
    expect(createDataKey("t".repeat(40))("élodie@example.com")).not.toBe(key);
  });

  it("keeps the key it replaced, to find what was named by it: the raw secret's HMAC, lower-cased, no NFC", () => {
    expect(dataKey.legacy(" Amina@Example.com")).toBe(
      createHmac("sha256", secret).update("amina@example.com", "utf8").digest("hex"),
    );
    expect(dataKey.legacy("E\u0301lodie@example.com")).not.toBe(
      dataKey.legacy("élodie@example.com"),
    );
  });

  it("refuses a secret shorter than 32 characters", () => {
    expect(() => createDataKey("short")).toThrow(/at least 32 characters/);
  });
});
