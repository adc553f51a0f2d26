import type { Messages } from "@lingui/core";
import { messages as contentFr } from "./catalogues/content.fr.js";
import { messages as contentSw } from "./catalogues/content.sw.js";
import { messages as messagesFr } from "./catalogues/messages.fr.js";
import { messages as messagesSw } from "./catalogues/messages.sw.js";
import { localize, type Locale } from "./index.js";
import { catalogueLookup, localizeMessages } from "./lookup.js";
import {
  contentSources,
  messageSources,
  properNames,
  templateMessages,
  type ContentTree,
  type MessageTree,
} from "./sources.js";

/**
 * Every text of the site in every language, at once: for the prerender and the API (the browser loads
 * one language's messages only: see the web's i18n module). Each language is localized once, on first use.
 */
export interface Translations {
  locale: Locale;
  messages: MessageTree;
  content: ContentTree;
}

const compiled: Readonly<Record<Exclude<Locale, "en">, { messages: Messages; content: Messages }>> =
  {
    fr: { messages: messagesFr, content: contentFr },
    sw: { messages: messagesSw, content: contentSw },
  };

const cache = new Map<Locale, Translations>();

export function translations(locale: Locale): Translations {
  let found = cache.get(locale);
  if (!found) {
    found =
      locale === "en"
        ? { locale, messages: messageSources, content: contentSources }
        : {
            locale,
            messages: localizeMessages(locale, compiled[locale].messages),
            content: localize(
              contentSources,
              templateMessages,
              properNames,
              catalogueLookup(locale, compiled[locale].content),
            ),
          };
    cache.set(locale, found);
  }
  return found;
}
