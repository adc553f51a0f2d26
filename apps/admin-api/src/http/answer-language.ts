import type { Request } from "express";
import type { Locale } from "@site/shared/i18n";
import { localText, type MessageRef } from "@site/shared/i18n/message-ref";
import { translations } from "@site/shared/i18n/translations";
import { submissionLocale } from "../common/locale.js";
import { englishOf } from "../common/messages.js";

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

/** A message as an answer says it: its English words, and its catalogue key when it has one. */
export interface Said {
  text: string;
  ref?: MessageRef | undefined;
}

/** A catalogue message as an answer says it (see `englishOf`). */
export function said(ref: MessageRef): Said {
  return { text: englishOf(ref), ref };
}

/**
 * The answer's words: a message comes with its catalogue key (`messageRef("apiMessages.notFound")`, the
 * schemas' field errors: `fieldErrorRefsOf`) and its English words; `say` gives it in the answer's
 * language. A text without a key (zod's own words for a refusal no schema wrote) is said as it came.
 */
export function answerTranslator(req: Request): {
  locale: Locale;
  say: (message: Said) => string;
} {
  const locale = answerLocale(req);
  const { messages } = translations(locale);
  return { locale, say: ({ text, ref }) => localText(text, ref, messages) };
}
