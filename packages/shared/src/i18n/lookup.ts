import { setupI18n, type Messages } from "@lingui/core";
import { localize, type Locale, type Lookup } from "./index.js";
import {
  messageSources,
  properNames,
  templateMessages,
  type MessageTree,
} from "./message-sources.js";

/** A lookup into one compiled catalogue of one language (Lingui formats plurals and placeholders). */
export function catalogueLookup(locale: Locale, messages: Messages): Lookup {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (id, values) => i18n._(id, values);
}

/**
 * The messages in `locale`, from that language's compiled `messages` catalogue (none for English: the
 * sources are English). The browser imports the one catalogue it needs and calls this.
 */
export function localizeMessages(locale: Locale, compiled: Messages | null): MessageTree {
  return locale === "en" || !compiled
    ? messageSources
    : localize(messageSources, templateMessages, properNames, catalogueLookup(locale, compiled));
}
