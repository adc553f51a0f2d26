import { isLocale, splitLocalePath, type Locale } from "@site/shared/i18n";

/**
 * The language a submission is in: the form's own `locale` field; without one (a form posted without
 * script by an older page), the language of the page it was on, from the form's `page` field or else the
 * Referer ("/fr/contact" is French); else English. The answer, the stored record and the visitor's mails
 * all use it.
 */
export function submissionLocale(claim: {
  locale?: unknown;
  page?: unknown;
  refererPath?: string | undefined;
}): Locale {
  if (isLocale(claim.locale)) return claim.locale;
  const path =
    typeof claim.page === "string" && claim.page.startsWith("/") ? claim.page : claim.refererPath;
  return path === undefined ? "en" : splitLocalePath(path).locale;
}

/**
 * Header lines of a mail written in `locale`. English mails carry none, exactly as before the site had
 * other languages (an English mail program needs no hint).
 */
export function languageHeaders(locale: Locale): Record<string, string> {
  return locale === "en" ? {} : { "Content-Language": locale };
}
