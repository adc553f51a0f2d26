import type { Locale } from "../i18n/index.js";
import { postLanguages, type BlogPostSummary } from "./schema.js";

/**
 * The posts to suggest under `post` on a page in `locale`: those of its category first, then those
 * sharing more of its tags, then, among equals, those written in the page's language (a French reader
 * is offered the French translations before the posts shown in English), then the newest; never the
 * post itself. Deterministic, so every build suggests the same.
 */
export function relatedPosts<T extends BlogPostSummary>(
  post: BlogPostSummary,
  posts: readonly T[],
  locale: Locale,
  count = 3,
): T[] {
  const score = (other: BlogPostSummary) =>
    (other.category === post.category ? 100 : 0) +
    other.tags.filter((tag) => post.tags.includes(tag)).length;
  const inPageLanguage = (other: BlogPostSummary) =>
    postLanguages(other).includes(locale) ? 1 : 0;
  return posts
    .filter((other) => other.slug !== post.slug)
    .map((other) => ({ other, score: score(other), language: inPageLanguage(other) }))
    .sort(
      (a, b) =>
        b.score - a.score || b.language - a.language || b.other.date.localeCompare(a.other.date),
    )
    .slice(0, count)
    .map(({ other }) => other);
}
