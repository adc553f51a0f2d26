import { describe, expect, it } from "vitest";
import { rememberReturnPath, safeReturnPath, signInPath, takeReturnPath } from "./return-path";

describe("where to go after signing in", () => {
  it("keeps an office path with its query", () => {
    expect(safeReturnPath("/leads?status=new&q=bank")).toBe("/leads?status=new&q=bank");
    expect(safeReturnPath("/leads/abc")).toBe("/leads/abc");
  });

  it.each([
    ["another site", "https://evil.test/leads"],
    ["a protocol-relative address", "//evil.test/leads"],
    ["a backslash trick", "/\\evil.test"],
    ["a script", "javascript:alert(1)"],
    ["a relative path", "leads"],
    ["control characters", "/leads\n/x"],
    ["the sign-in page itself", "/sign-in?next=/leads"],
    ["an over-long path", `/${"a".repeat(2100)}`],
  ])("ignores %s", (_what, value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });

  it("the sign-in address carries only a safe next and the notice", () => {
    expect(signInPath("/leads?owner=me", "sessionEnded")).toBe(
      "/sign-in?next=%2Fleads%3Fowner%3Dme&notice=sessionEnded",
    );
    expect(signInPath("//evil.test")).toBe("/sign-in");
  });

  it("a path kept on the device across the mailed link is read once", () => {
    rememberReturnPath(window.localStorage, "/leads/abc");
    expect(takeReturnPath(window.localStorage)).toBe("/leads/abc");
    expect(takeReturnPath(window.localStorage)).toBeUndefined();
  });
});
