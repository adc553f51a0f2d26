import { describe, expect, it } from "vitest";
import { filtersToParams, queryString, readFilters } from "./filters";

describe("the outbox's URL filters", () => {
  it("reads what the API reads, in one order, and the page's cursor", () => {
    const { filters, cursor } = readFilters(
      new URLSearchParams("to=2026-11-30&recipient=%20Marie%40Example&state=failed&cursor=abc_-1"),
    );
    expect(filters).toEqual({ state: "failed", recipient: "marie@example", to: "2026-11-30" });
    expect(cursor).toBe("abc_-1");
    expect(queryString(filtersToParams(filters, cursor))).toBe(
      "?state=failed&recipient=marie%40example&to=2026-11-30&cursor=abc_-1",
    );
  });

  it("drops what the API would refuse, keeping the rest", () => {
    const { filters, cursor } = readFilters(
      new URLSearchParams(
        "state=lost&kind=spam&locale=xx&from=2026-02-30&recipient=a%07b&cursor=%25%25&kind=lead-reply",
      ),
    );
    expect(filters).toEqual({});
    expect(cursor).toBeUndefined();
    expect(readFilters(new URLSearchParams("kind=lead-reply&locale=sw")).filters).toEqual({
      kind: "lead-reply",
      locale: "sw",
    });
  });

  it("drops an end day before the start day, not the whole list", () => {
    expect(readFilters(new URLSearchParams("from=2026-11-02&to=2026-11-01")).filters).toEqual({
      from: "2026-11-02",
    });
  });
});
