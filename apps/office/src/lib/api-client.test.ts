import { describe, expect, it } from "vitest";
import { readRefusal } from "./api-client";

describe("a refusal's body, read defensively", () => {
  it("keeps the API's words and its string field messages", () => {
    expect(
      readRefusal({ error: "Please check the form.", fieldErrors: { email: "Not an address." } }),
    ).toEqual({ error: "Please check the form.", fieldErrors: { email: "Not an address." } });
  });

  it("is no refusal when `error` is not a string (a proxy's page, an empty body, a stray value)", () => {
    for (const body of [
      undefined,
      null,
      "Bad gateway",
      502,
      [],
      {},
      { error: 42 },
      { message: "x" },
    ])
      expect(readRefusal(body)).toBeUndefined();
  });

  it("drops field messages that are not strings, and field errors that are not an object", () => {
    expect(
      readRefusal({ error: "No.", fieldErrors: { email: 1, name: "Too long.", q: null } }),
    ).toEqual({ error: "No.", fieldErrors: { name: "Too long." } });
    expect(readRefusal({ error: "No.", fieldErrors: "email" })).toEqual({
      error: "No.",
      fieldErrors: {},
    });
  });
});
