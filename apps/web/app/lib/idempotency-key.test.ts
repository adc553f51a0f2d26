import { describe, expect, it } from "vitest";
import { idempotencyKeyPattern } from "@site/shared/schemas";
import { newIdempotencyKey, submissionKeys } from "./idempotency-key";

describe("idempotency keys", () => {
  it("are 22 URL-safe characters the API accepts, a new one each time", () => {
    const keys = Array.from({ length: 200 }, newIdempotencyKey);
    for (const key of keys) {
      expect(key).toMatch(idempotencyKeyPattern);
      expect(key).toHaveLength(22);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("stay the same while a form sends the same fields again, and change with the fields or after a success", () => {
    const keys = submissionKeys();
    const first = keys.keyFor({ email: "a@example.com" });
    expect(keys.keyFor({ email: "a@example.com" })).toBe(first);
    const edited = keys.keyFor({ email: "b@example.com" });
    expect(edited).not.toBe(first);
    keys.settle();
    expect(keys.keyFor({ email: "b@example.com" })).not.toBe(edited);
  });
});
