/** Display helpers shared by pages; pure, so the prerender and the browser print the same text. */

/** "ECONOMY" -> "Economy": categories are stored in capitals and shown in title case. */
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
export function formatDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}
