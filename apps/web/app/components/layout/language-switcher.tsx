import { useLocation } from "react-router";
import { localeNames, localePath, locales } from "@site/shared/i18n";
import { useLocale, useMessages } from "../../i18n/messages";

/**
 * Links to the same page in the site's other languages: plain links (they work without JavaScript,
 * store nothing and set no cookie), each marked with its language and named in it. The header has them
 * in a slim strip above its bar (every width), the mobile menu again under its links.
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
                {name}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
