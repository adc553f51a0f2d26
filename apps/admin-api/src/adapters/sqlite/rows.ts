import { isLocale, type Locale } from "@site/shared/i18n";

/** Column conversions every capability's SQLite adapter shares. */
export const dateOrNull = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));
/** The column holds one of the site's languages (written by this adapter); anything else reads as English. */
export const toLocale = (value: string): Locale => (isLocale(value) ? value : "en");
