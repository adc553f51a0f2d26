import { describe, expect, it } from "vitest";
import {
  articleCategories,
  articleCategoryFromSlug,
  articles,
  articlesInCategory,
  slugify,
  thoughtLeadershipPaths,
  thoughtLeadershipSubpagePaths,
} from "./articles.js";
import { firm } from "./firm.js";

describe("articleCategories", () => {
  it("are the spec's ten, upper-case, in filter order", () => {
    expect(articleCategories).toEqual([
      "ECONOMY",
      "MANAGEMENT",
      "GEOPOLITICS",
      "STRATEGY",
      "BANKING",
      "INSURANCE",
      "TELECOM",
      "PAYMENTS",
      "TOURISM",
      "EDUCATION",
    ]);
  });
});

describe("articles", () => {
  it("are exactly 29", () => {
    expect(articles).toHaveLength(29);
  });

  it("each belongs to one of the ten categories", () => {
    const known = new Set<string>(articleCategories);
    for (const article of articles) expect(known.has(article.category), article.title).toBe(true);
  });

  it("are all by the founder", () => {
    for (const article of articles) expect(article.author).toBe(firm.founderName);
  });

  it("have real calendar dates between 2025-04-01 and 2025-08-31", () => {
    for (const { date, title } of articles) {
      expect(date, title).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // A round trip through Date catches impossible days such as 2025-06-31.
      expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10), title).toBe(date);
      expect(date >= "2025-04-01" && date <= "2025-08-31", `${title}: ${date}`).toBe(true);
    }
  });

  it("are sorted newest first", () => {
    const dates = articles.map((article) => article.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("have unique, non-empty titles", () => {
    const titles = articles.map((article) => article.title.trim());
    expect(new Set(titles).size).toBe(articles.length);
    for (const title of titles) expect(title.length).toBeGreaterThan(10);
  });

  it("link to absolute https URLs whose path ends with the title's slug", () => {
    for (const article of articles) {
      const url = new URL(article.link);
      expect(url.protocol, article.link).toBe("https:");
      expect(url.pathname.endsWith(`/${slugify(article.title)}`), article.link).toBe(true);
    }
    expect(new Set(articles.map((article) => article.link)).size).toBe(articles.length);
  });

  it("name their outlet in the description, one domain per outlet, across at least five outlets", () => {
    const hostsByOutlet = new Map<string, Set<string>>();
    for (const article of articles) {
      expect(article.description.trim()).not.toBe("");
      const hosts = hostsByOutlet.get(article.description) ?? new Set<string>();
      hosts.add(new URL(article.link).hostname);
      hostsByOutlet.set(article.description, hosts);
    }
    expect(hostsByOutlet.size).toBeGreaterThanOrEqual(5);
    for (const [outlet, hosts] of hostsByOutlet) expect([...hosts], outlet).toHaveLength(1);
    expect([...hostsByOutlet.keys()]).toEqual(expect.arrayContaining(["The Star Kenya", "The Reporter Ethiopia"]));
  });

  it("leave exactly one category empty, EDUCATION, so the empty state is reachable", () => {
    const empty = articleCategories.filter((category) => articlesInCategory(category).length === 0);
    expect(empty).toEqual(["EDUCATION"]);
  });
});

describe("articlesInCategory", () => {
  it("matches the category case-insensitively", () => {
    const upper = articlesInCategory("BANKING");
    expect(upper.length).toBeGreaterThan(0);
    expect(articlesInCategory("Banking")).toEqual(upper);
    expect(articlesInCategory("banking")).toEqual(upper);
    for (const article of upper) expect(article.category).toBe("BANKING");
  });

  it("partitions the articles: the ten categories together hold all 29, newest first", () => {
    const all = articleCategories.flatMap((category) => articlesInCategory(category));
    expect(all).toHaveLength(articles.length);
    for (const category of articleCategories) {
      const dates = articlesInCategory(category).map((article) => article.date);
      expect(dates).toEqual([...dates].sort().reverse());
    }
  });

  it("returns nothing for an unknown category and leaves 'All Projects' to the caller", () => {
    expect(articlesInCategory("SPORTS")).toEqual([]);
    expect(articlesInCategory("All Projects")).toEqual([]);
  });

  it("filters a given list instead of the built-in one", () => {
    const sample = [{ ...articles[0]!, category: "TOURISM" }];
    expect(articlesInCategory("tourism", sample)).toEqual(sample);
  });
});

describe("slugify", () => {
  it("makes a lower-case hyphenated slug from a title", () => {
    expect(slugify("Red Sea Tensions & the Horn of Africa's Trade Corridors")).toBe(
      "red-sea-tensions-and-the-horn-of-africas-trade-corridors",
    );
    expect(slugify("  Finance Bill 2025: Raising Revenue  ")).toBe("finance-bill-2025-raising-revenue");
  });
});

describe("thoughtLeadershipPaths", () => {
  it("give each category a page of its own under /thought-leadership/category, in the filter's order", () => {
    expect(thoughtLeadershipSubpagePaths()).toEqual(
      articleCategories.map((category) => `/thought-leadership/category/${category.toLowerCase()}`),
    );
    expect(thoughtLeadershipPaths.category("BANKING")).toBe("/thought-leadership/category/banking");
  });

  it("read a category back from its segment in any case, and nothing from an unknown one", () => {
    expect(articleCategoryFromSlug("banking")).toBe("BANKING");
    expect(articleCategoryFromSlug("Banking")).toBe("BANKING");
    expect(articleCategoryFromSlug("sacco")).toBeUndefined();
    expect(articleCategoryFromSlug("")).toBeUndefined();
  });
});
