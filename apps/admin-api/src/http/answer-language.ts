import type { Request } from "express";
import type { Locale } from "@site/shared/i18n";
import { translateMessage } from "@site/shared/i18n/translate-message";
import { translations } from "@site/shared/i18n/translations";
import { submissionLocale } from "../common/locale.js";

/** The path of the Referer, from any host: it only picks the answer's language, nothing is stored. */
function refererPath(req: Request): string | undefined {
  const referer = req.get("referer");
  if (!referer) return undefined;
  try {
    return new URL(referer).pathname;
  } catch {
    return undefined;
  }
}

/**
 * The language a form's answer is in: the one its submission is stored in (the body's `locale`, else its
 * `page`, else the Referer's path: shared/locale.ts). Answers given before the body is read (another
 * site's post, too many requests) have only the Referer to go by; a request with none is answered in
 * English, as every request was before the site had other languages.
 */
export function answerLocale(req: Request): Locale {
  const body: unknown = req.body;
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  return submissionLocale({
    locale: fields["locale"],
    page: fields["page"],
    refererPath: refererPath(req),
  });
}

/**
 * The answer's words: the API's messages are written in English (`@site/shared/messages`, and the shared
 * schemas' field errors); this gives each in the answer's language. A text that is not one of the
 * catalogue's messages is returned as it came.
 */
export function answerTranslator(req: Request): {
  locale: Locale;
  say: (english: string) => string;
} {
  const locale = answerLocale(req);
  const { messages } = translations(locale);
  return { locale, say: (english) => translateMessage(english, messages) };
}
