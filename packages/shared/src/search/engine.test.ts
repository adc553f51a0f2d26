import { describe, expect, it } from "vitest";
import { searchIn } from "./engine.js";
import type { SearchDocument } from "./schema.js";

const documents: SearchDocument[] = [
  { id: "a", url: "/industries#saccos", title: "SACCOs", page: "Industries", text: "Savings and credit co-operatives." },
  { id: "b", url: "/services", title: "Services", page: "", text: "Économie et stratégie for SACCO boards." },
  { id: "c", url: "/about", title: "About", page: "", text: "Who we are." },
];

describe("searchIn", () => {
  it("finds words as typed so far, without accents or case, titles first, with every stored field", () => {
    const search = searchIn(documents);
    expect(search("sacc").map((found) => found.id)).toEqual(["a", "b"]);
    expect(search("economie")).toEqual([documents[1]]);
    expect(search("ECONOMIE STRATEG").map((found) => found.id)).toEqual(["b"]);
  });

  it("forgives a small typo in a longer word, and finds nothing for words no document holds", () => {
    const search = searchIn(documents);
    expect(search("savngs").map((found) => found.id)).toEqual(["a"]);
    expect(search("zanzibar")).toEqual([]);
  });
});
