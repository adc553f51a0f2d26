import { describe, expect, it } from "vitest";
import { filtersToParams, queryString, readFilters } from "./filters";

describe("the inbox's filters in the URL", () => {
  it("reads every filter and the page's cursor, and writes them back in one order", () => {
    const params = new URLSearchParams(
      "q=bank&to=2026-11-30&owner=me&status=in_progress&locale=fr&from=2026-11-01&cursor=abc_1",
    );
    const { filters, cursor } = readFilters(params);
    expect(filters).toEqual({
      status: "in_progress",
      owner: "me",
      locale: "fr",
      from: "2026-11-01",
      to: "2026-11-30",
      q: "bank",
    });
    expect(cursor).toBe("abc_1");
    expect(queryString(filtersToParams(filters, cursor))).toBe(
      "?status=in_progress&owner=me&locale=fr&from=2026-11-01&to=2026-11-30&q=bank&cursor=abc_1",
    );
  });

  it("drops only the values the API would refuse, keeping the others", () => {
    const { filters, cursor } = readFilters(
      new URLSearchParams(
        "status=archived&locale=de&from=2026-02-30&q=bank&cursor=not%20a%20cursor",
      ),
    );
    expect(filters).toEqual({ q: "bank" });
    expect(cursor).toBeUndefined();
  });

  it("a start date after the end date drops the end date, not the whole list", () => {
    const { filters } = readFilters(new URLSearchParams("from=2026-11-10&to=2026-11-01"));
    expect(filters).toEqual({ from: "2026-11-10" });
  });

  it("empty parameters are no filter, and no filters is the bare address", () => {
    const { filters } = readFilters(new URLSearchParams("status=&owner=&q="));
    expect(filters).toEqual({});
    expect(queryString(filtersToParams(filters))).toBe("");
  });

  it("an owner given as a staff address is kept, lower-cased as the API reads it", () => {
    expect(readFilters(new URLSearchParams("owner=Amani@Firm.test")).filters).toEqual({
      owner: "amani@firm.test",
    });
  });
});
