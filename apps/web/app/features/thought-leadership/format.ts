/** Display helpers for the Thought Leadership page; pure, so prerender and hydration agree. */

/** "ECONOMY" -> "Economy": the filter's labels are the uppercase article categories in title case. */
export function categoryLabel(category: string): string {
  return category
    .toLowerCase()
    .split(/(\s+)/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
}

// Fixed locale and time zone: the prerendered HTML (built in Node) and the hydrated page (in any
// visitor's browser) must print the same text, or React reports a hydration mismatch.
const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "2025-08-28" -> "28 August 2025". */
export function formatArticleDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

/** The result count the live region announces after each filter change. */
export function resultSummary(count: number, categoryName: string | null): string {
  const noun = count === 1 ? "article" : "articles";
  return categoryName ? `Showing ${count} ${noun} in ${categoryName}` : `Showing all ${count} ${noun}`;
}
