import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { markTranslated, staleEntries, type TranslatedFrom } from "./staleness.js";

const json = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../locales/${path}`, import.meta.url), "utf8"));

const english = { "a.title": "Our Services", "a.text": "We advise boards.", "a.new": "New text" };

describe("staleEntries", () => {
  it("names each key whose English changed since its translation, or was never recorded", () => {
    expect(
      staleEntries(english, { "a.title": "Our Services", "a.text": "We advise boards and CEOs." }),
    ).toEqual([
      { id: "a.text", was: "We advise boards and CEOs.", now: "We advise boards." },
      { id: "a.new", was: undefined, now: "New text" },
    ]);
    expect(staleEntries(english, english)).toEqual([]);
  });
});

describe("markTranslated", () => {
  it("records today's English for the named keys only, keeps the rest and drops keys English lost", () => {
    const before = { "a.title": "Services", "a.text": "old", "a.gone": "Removed" };
    expect(markTranslated(english, before, ["a.text"])).toEqual({
      "a.title": "Services",
      "a.text": "We advise boards.",
    });
  });

  it("records every key when none is named, and refuses a key English does not have", () => {
    expect(markTranslated(english, {}, [])).toEqual(english);
    expect(() => markTranslated(english, {}, ["a.typo"])).toThrow("Not an English key: a.typo");
  });
});

describe("the French and Swahili catalogues", () => {
  it.each(["fr", "sw"])("%s: every translation is made from today's English", (locale) => {
    const record = json(`${locale}/translated-from.json`) as TranslatedFrom;
    for (const name of ["messages", "content"]) {
      const stale = staleEntries(json(`en/${name}.json`) as Record<string, string>, record[name]);
      expect(stale, `${locale}/${name}`).toEqual([]);
    }
  });
});
