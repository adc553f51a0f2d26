import type { Request } from "express";
import type { Locale } from "@site/shared/i18n";
import { localText, type MessageRef } from "@site/shared/i18n/message-ref";
import { messageSources } from "@site/shared/i18n/message-sources";
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

/** Every text message of the English catalogue by its words, for messages the API hands over as text. */
let keysOfEnglish: Map<string, MessageRef> | undefined;

function indexEnglish(tree: unknown, path: string, into: Map<string, MessageRef>): void {
  if (typeof tree === "string") {
    if (!into.has(tree)) into.set(tree, { key: path });
  } else if (typeof tree === "object" && tree !== null) {
    for (const [key, value] of Object.entries(tree))
      indexEnglish(value, path === "" ? key : `${path}.${key}`, into);
  }
}

/**
 * The catalogue key of a message the API's routes wrote as an English constant (`apiMessages.notFound`):
 * an exact lookup, never a pattern. Messages with parameters come with their key (the schemas' field
 * errors: `fieldErrorRefsOf`), so they are never looked up by their words.
 */
export function keyOfEnglish(text: string): MessageRef | undefined {
  if (!keysOfEnglish) {
    keysOfEnglish = new Map();
    indexEnglish(messageSources, "", keysOfEnglish);
  }
  return keysOfEnglish.get(text);
}

/**
 * The answer's words: the API's messages are written in English (`@site/shared/messages`, and the shared
 * schemas' field errors); `refOf` names one's catalogue key, `say` gives it in the answer's language. A
 * text that is not one of the catalogue's messages has no key and is said as it came.
 */
export function answerTranslator(req: Request): {
  locale: Locale;
  refOf: (english: string, ref?: MessageRef) => MessageRef | undefined;
  say: (english: string, ref?: MessageRef) => string;
} {
  const locale = answerLocale(req);
  const { messages } = translations(locale);
  const refOf = (english: string, ref?: MessageRef) => ref ?? keyOfEnglish(english);
  return {
    locale,
    refOf,
    say: (english, ref) => localText(english, refOf(english, ref), messages),
  };
}
