import { describe, expect, it } from "vitest";
import { relatedPosts } from "./related.js";
import type { BlogPostSummary } from "./schema.js";

const post = (
  slug: string,
  category: BlogPostSummary["category"],
  date: string,
  tags: string[] = [],
): BlogPostSummary => ({
  slug,
  title: slug,
  date,
  author: "amani-njoroge",
  category,
  summary: "s",
  tags,
  cover: "strategy",
  readingMinutes: 1,
  words: 10,
  translations: {},
});

describe("relatedPosts", () => {
  it("puts the same category first, then shared tags, then the newest, and leaves the post out", () => {
    const current = post("current", "BANKING", "2026-06-01", ["saccos", "risk"]);
    const posts = [
      current,
      post("newest-other", "TOURISM", "2026-11-01"),
      post("tagged", "ECONOMY", "2026-01-01", ["risk"]),
      post("same-category", "BANKING", "2025-01-01"),
      post("older-other", "TOURISM", "2026-02-01"),
    ];
    expect(relatedPosts(current, posts, "en").map((each) => each.slug)).toEqual([
      "same-category",
      "tagged",
      "newest-other",
    ]);
  });

  it("offers, among equally related posts, those written in the page's language first", () => {
    const current = post("current", "BANKING", "2026-06-01", ["saccos"]);
    const translated = {
      ...post("translated", "STRATEGY", "2026-01-01"),
      translations: { fr: {} },
    };
    const posts = [
      current,
      post("newest-english", "TOURISM", "2026-11-01"),
      translated as BlogPostSummary,
      post("tagged-english", "ECONOMY", "2025-01-01", ["saccos"]),
    ];
    // In French: the shared tag still comes first, then the translation before the newer English post.
    expect(relatedPosts(current, posts, "fr").map((each) => each.slug)).toEqual([
      "tagged-english",
      "translated",
      "newest-english",
    ]);
    // In English every post is in the page's language: the newest first, as before.
    expect(relatedPosts(current, posts, "en").map((each) => each.slug)).toEqual([
      "tagged-english",
      "newest-english",
      "translated",
    ]);
  });

  it("returns fewer when there are fewer other posts", () => {
    const current = post("current", "BANKING", "2026-06-01");
    expect(
      relatedPosts(current, [current, post("other", "ECONOMY", "2026-01-01")], "en"),
    ).toHaveLength(1);
  });
});
