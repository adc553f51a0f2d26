import { describe, expect, it } from "vitest";
import {
  foldText,
  maxQueryLength,
  normalizeQuery,
  queryWords,
  searchDocumentsPath,
  searchPagePath,
  searchResultsHtml,
  snippet,
} from "./index.js";

const marked = (text: string, query: string) =>
  snippet(text, query)
    .filter((part) => part.mark)
    .map((part) => part.text);

describe("search", () => {
  it("folds case and accents, so a word typed without accents finds one written with them", () => {
    expect(foldText("Économie")).toBe("economie");
    expect(foldText("SACCO")).toBe("sacco");
    expect(queryWords("  Économie,  ZLECAf! ")).toEqual(["economie", "zlecaf"]);
  });

  it("normalises a query: trimmed, single spaces, cut to its maximum, and nothing for what is not text", () => {
    expect(normalizeQuery("  sacco   boards ")).toBe("sacco boards");
    expect(normalizeQuery("x".repeat(500))).toHaveLength(maxQueryLength);
    expect(normalizeQuery(["a", "b"])).toBe("");
    expect(normalizeQuery(undefined)).toBe("");
  });

  it("has a results page and a documents file per language", () => {
    expect(searchPagePath("en")).toBe("/search");
    expect(searchPagePath("fr")).toBe("/fr/search");
    expect(searchDocumentsPath("sw")).toBe("/search-index/sw.json");
  });

  it("marks where the words matched, as written (accents and case kept), at word starts only", () => {
    const text = "Les SACCO et l’économie régionale : la ZLECAf change la donne pour l’économie.";
    expect(marked(text, "economie sacco")).toEqual(["SACCO", "économie", "économie"]);
    // "conomie" is inside a word, not at its start: not a match.
    expect(marked(text, "conomie")).toEqual([]);
    // A prefix, as typed so far, is marked as far as it goes.
    expect(marked(text, "zlec")).toEqual(["ZLEC"]);
  });

  it("keeps the snippet short around the first match, with ellipses where the text was cut", () => {
    const text = `${"Filler words before. ".repeat(30)}The AfCFTA opens markets. ${"More words after. ".repeat(30)}`;
    const parts = snippet(text, "afcfta");
    const joined = parts.map((part) => part.text).join("");
    expect(joined.startsWith("… ")).toBe(true);
    expect(joined.endsWith(" …")).toBe(true);
    expect(joined.length).toBeLessThan(170);
    expect(parts.filter((part) => part.mark).map((part) => part.text)).toEqual(["AfCFTA"]);
  });

  it("without a match shows the start of the text", () => {
    expect(snippet("Short text.", "nothing")).toEqual([{ text: "Short text.", mark: false }]);
  });
});

describe("searchResultsHtml", () => {
  const text = {
    results: (count: number, query: string) => `${count} results for “${query}”`,
    none: (query: string) => `Nothing matches “${query}”.`,
    opensInNewTab: "(opens in a new tab)",
  };

  it("lists each result's link, page and marked words, escaping everything from the documents and the query", () => {
    const html = searchResultsHtml(
      "sacco <i>",
      [
        {
          id: "/a",
          url: "/a?x=1&y=2",
          title: "SACCO <boards>",
          page: "Blog",
          text: "A SACCO's board & members.",
        },
        {
          id: "https://e.example/a",
          url: "https://e.example/a",
          title: "Away",
          page: "Thought Leadership",
          text: "Saccos abroad",
        },
      ],
      text,
    );
    expect(html).toContain(
      '<p class="site-search__status" role="status">2 results for “sacco &lt;i&gt;”</p>',
    );
    expect(html).toContain('href="/a?x=1&amp;y=2">SACCO &lt;boards&gt;</a>');
    expect(html).toContain("A <mark>SACCO</mark>&#39;s board &amp; members.");
    expect(html).toContain(
      'href="https://e.example/a" target="_blank" rel="noopener noreferrer">Away<span class="visually-hidden"> (opens in a new tab)</span>',
    );
    expect(html).not.toContain("<i>");
  });

  it("leaves out where a result is when that adds nothing (a page found by its own title)", () => {
    const html = searchResultsHtml(
      "services",
      [{ id: "/services", url: "/services", title: "Services", page: "", text: "Nine services." }],
      text,
    );
    expect(html).not.toContain("search-result__page");
  });

  it("says so when nothing matches, with no list", () => {
    expect(searchResultsHtml("zzz", [], text)).toBe(
      '<p class="site-search__status" role="status">Nothing matches “zzz”.</p>',
    );
  });
});
