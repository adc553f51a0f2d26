import { createContext, useContext, type ReactNode } from "react";
import { defaultLocale, intlLocales, type Locale } from "@site/shared/i18n";
import { officeText, type OfficeText } from "./en";

/**
 * The language the office is shown in and its words. English is the source (en.ts); a translated
 * language is its compiled catalogue laid over that tree by the shared `localize` (templates.ts holds
 * the ICU form of every message with values), so screens read one shape in every language.
 */
export interface OfficeLanguage {
  locale: Locale;
  text: OfficeText;
}

export const english: OfficeLanguage = { locale: defaultLocale, text: officeText };
const OfficeLanguageContext = createContext<OfficeLanguage>(english);

export function OfficeLanguageProvider({
  value,
  children,
}: {
  value: OfficeLanguage;
  children: ReactNode;
}) {
  return <OfficeLanguageContext value={value}>{children}</OfficeLanguageContext>;
}

export const useText = (): OfficeText => useContext(OfficeLanguageContext).text;

/** The `Intl` tag of the office's language, for dates and numbers. */
export const useIntlLocale = (): string => intlLocales[useContext(OfficeLanguageContext).locale];
