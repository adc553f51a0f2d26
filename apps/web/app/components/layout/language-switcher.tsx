import { useLocation } from "react-router";
import { localeNames, localePath, locales } from "@site/shared/i18n";
import { useLocale, useMessages } from "../../i18n/messages";

/**
 * Links to the same page in the site's other languages: plain links (they work without JavaScript,
 * store nothing and set no cookie), each marked with its language. The header shows the short codes
 * (the language's name follows for screen readers), the mobile menu the names in full.
 */
export function LanguageSwitcher({ variant }: { variant: "header" | "menu" }) {
  const current = useLocale();
  const { languages } = useMessages().siteMessages;
  // The router's location is the page's path in English: its basename is the language's prefix.
  const { pathname, hash } = useLocation();
  return (
    <nav className={`languages languages--${variant}`} aria-label={languages}>
      <ul className="languages__list">
        {locales.map((locale) => {
          const name = localeNames[locale].native;
          return (
            <li key={locale}>
              <a
                className="languages__link"
                href={`${localePath(locale, pathname)}${hash}`}
                hrefLang={locale}
                lang={locale}
                aria-current={locale === current ? "true" : undefined}
              >
                {variant === "header" ? (
                  <>
                    {locale.toUpperCase()}
                    <span className="visually-hidden">{` ${name}`}</span>
                  </>
                ) : (
                  name
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
