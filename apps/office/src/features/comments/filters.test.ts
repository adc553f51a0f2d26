import { describe, expect, it } from "vitest";
import { filtersToParams, queryString, readFilters } from "./filters";

describe("the comment queue's URL filters", () => {
  it("reads a status, a post and a language as the API would, and the pending comments by default", () => {
    expect(readFilters(new URLSearchParams(""))).toEqual({
      filters: { status: "pending" },
      cursor: undefined,
    });
    expect(
      readFilters(new URLSearchParams("status=hidden&post=sacco-boards&locale=sw&cursor=abc_-1")),
    ).toEqual({
      filters: { status: "hidden", post: "sacco-boards", locale: "sw" },
      cursor: "abc_-1",
    });
  });

  it("drops what the API would refuse, keeping the other filters", () => {
    expect(
      readFilters(new URLSearchParams("status=approved&post=%3Cscript%3E&locale=de&cursor=a%20b")),
    ).toEqual({ filters: { status: "pending" }, cursor: undefined });
    expect(readFilters(new URLSearchParams(`post=${"a".repeat(121)}&locale=fr`)).filters).toEqual({
      status: "pending",
      locale: "fr",
    });
  });

  it("writes the keys in one order, so equal lists share a URL", () => {
    expect(
      queryString(filtersToParams({ locale: "fr", post: "afcfta", status: "spam" }, "next")),
    ).toBe("?status=spam&post=afcfta&locale=fr&cursor=next");
  });
});
