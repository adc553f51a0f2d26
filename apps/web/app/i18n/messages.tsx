import { createContext, useContext, type ReactNode } from "react";
import { defaultLocale, isLocale, localePath, type Locale } from "@site/shared/i18n";
import { messageSources, type MessageTree } from "@site/shared/i18n/message-sources";

/**
 * The language of the page being rendered and its messages (forms, notices, page parts). The prerender
 * provides each page's; an island's code in the browser loads its page's language before it hydrates
 * (`loadMessages`), so it renders the same words. English needs nothing loaded: it is the source.
 */
export interface PageLanguage {
  locale: Locale;
  messages: MessageTree;
}

const english: PageLanguage = { locale: defaultLocale, messages: messageSources };
const PageLanguageContext = createContext<PageLanguage>(english);

export function PageLanguageProvider({
  value,
  children,
}: {
  value: PageLanguage;
  children: ReactNode;
}) {
  return <PageLanguageContext value={value}>{children}</PageLanguageContext>;
}

export const useLocale = (): Locale => useContext(PageLanguageContext).locale;
export const useMessages = (): MessageTree => useContext(PageLanguageContext).messages;

/** A site path ("/privacy") in the page's language ("/fr/privacy"), for links that are not router links. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localePath(locale, path);
}

/** The page's language, as its <html lang> says (the prerender writes it). */
export function documentLocale(doc: Document = document): Locale {
  const lang = doc.documentElement.lang;
  return isLocale(lang) ? lang : defaultLocale;
}

/**
 * The messages of `locale`, fetched as that language's compiled catalogue alone (a few kB; the other
 * languages' are never downloaded). English resolves at once.
 */
export async function loadMessages(locale: Locale): Promise<PageLanguage> {
  if (locale === "en") return english;
  const [{ localizeMessages }, { messages }] = await Promise.all([
    import("@site/shared/i18n/lookup"),
    locale === "fr"
      ? import("@site/shared/i18n/catalogues/messages.fr")
      : import("@site/shared/i18n/catalogues/messages.sw"),
  ]);
  return { locale, messages: localizeMessages(locale, messages) };
}
