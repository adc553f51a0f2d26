import type { BlogPostSummary } from "./schema.js";

/**
 * The posts to suggest under `post`: those of its category first, then those sharing more of its
 * tags, then the newest; never the post itself. Deterministic, so every build suggests the same.
 */
export function relatedPosts<T extends BlogPostSummary>(
  post: BlogPostSummary,
  posts: readonly T[],
  count = 3,
): T[] {
  const score = (other: BlogPostSummary) =>
    (other.category === post.category ? 100 : 0) +
    other.tags.filter((tag) => post.tags.includes(tag)).length;
  return posts
    .filter((other) => other.slug !== post.slug)
    .map((other) => ({ other, score: score(other) }))
    .sort((a, b) => b.score - a.score || b.other.date.localeCompare(a.other.date))
    .slice(0, count)
    .map(({ other }) => other);
}
