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
    expect(relatedPosts(current, posts).map((each) => each.slug)).toEqual([
      "same-category",
      "tagged",
      "newest-other",
    ]);
  });

  it("returns fewer when there are fewer other posts", () => {
    const current = post("current", "BANKING", "2026-06-01");
    expect(relatedPosts(current, [current, post("other", "ECONOMY", "2026-01-01")])).toHaveLength(
      1,
    );
  });
});
