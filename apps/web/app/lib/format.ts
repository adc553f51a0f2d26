/** Display helpers shared by pages; pure, so the prerender and the browser print the same text. */

import { intlLocales, type Locale } from "@site/shared/i18n";

// The page's language and a fixed time zone: the prerendered HTML (built in Node) and the hydrated page
// (in any visitor's browser) must print the same text, or React reports a hydration mismatch.
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** "2025-08-28" -> "28 August 2025" (en), "28 août 2025" (fr), "28 Agosti 2025" (sw). */
export function formatDate(isoDate: string, locale: Locale = "en"): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocales[locale], {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}

/** A count in the page's language ("1 234" in French, "1,234" in English and Swahili). */
export function formatNumber(value: number, locale: Locale = "en"): string {
  return new Intl.NumberFormat(intlLocales[locale]).format(value);
}
