/** Display helpers for the Thought Leadership page; pure, so prerender and hydration agree. */

export { categoryLabel, formatDate as formatArticleDate } from "../../lib/format";

/** The result count the live region announces after each filter change. */
export function resultSummary(count: number, categoryName: string | null): string {
  const noun = count === 1 ? "article" : "articles";
  return categoryName ? `Showing ${count} ${noun} in ${categoryName}` : `Showing all ${count} ${noun}`;
}
