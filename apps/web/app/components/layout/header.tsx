import { Link, NavLink } from "../ui/site-link";
import { SearchForm } from "../../features/search/search-form";
import { useContent } from "../../i18n/content";
import { useMessages } from "../../i18n/messages";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { NavDropdown } from "./nav-dropdown";

const mobileMenuId = "mobile-menu";

/**
 * The site header: wordmark, the desktop navigation (About opens its anchors), the Contact Us button,
 * and on small screens a burger that opens the mobile menu and marks <body> with `menu-active`.
 *
 * Without JavaScript the burger cannot work, so the mobile menu is always in the HTML and
 * layout.css shows it as a plain link list under `@media (scripting: none)` (and hides the burger):
 * phones without scripts still reach every page, Careers included.
 *
 * It is rendered closed; opening and closing (the burger, the About dropdown, Escape, `menu-active`)
 * is page-behaviour.ts, plain DOM code, so the static page needs no React for it.
 */
export function Header() {
  const { contactCta, headerNav, mobileNav } = useContent();
  const text = useMessages().siteMessages;
  return (
    <header className="site-header">
      <div className="site-header__top container">
        <SearchForm variant="header" />
        <LanguageSwitcher variant="header" />
      </div>
      <div className="site-header__bar container">
        <Link to="/" className="site-header__logo">
          <Logo />
          <span className="visually-hidden">{` ${text.homePage}`}</span>
        </Link>
        <nav className="nav" aria-label={text.mainNavigation}>
          <ul className="nav__list">
            {headerNav.map((item) =>
              item.children ? (
                <NavDropdown key={item.href} item={item} />
              ) : (
                <li key={item.href} className="nav__item">
                  <NavLink to={item.href} className="nav__link" end>
                    {item.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <Link to={contactCta.href} className="button button--primary site-header__cta">
          {contactCta.label}
        </Link>
        <button type="button" className="burger" aria-expanded={false} aria-controls={mobileMenuId}>
          <span className="visually-hidden">{text.menu}</span>
          <span className="burger__lines" aria-hidden="true" />
        </button>
      </div>
      <div id={mobileMenuId} className="mobile-menu" hidden>
        <nav aria-label={text.mobileNavigation}>
          <ul className="mobile-menu__list">
            {mobileNav.map((item) => (
              <li key={item.href}>
                <NavLink to={item.href} className="mobile-menu__link" end>
                  {item.label}
                </NavLink>
                {item.children ? (
                  <ul className="mobile-menu__sub">
                    {item.children.map((child) => (
                      <li key={child.href}>
                        <Link to={child.href} className="mobile-menu__sublink">
                          {child.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          <Link to={contactCta.href} className="button button--primary mobile-menu__cta">
            {contactCta.label}
          </Link>
        </nav>
        <SearchForm variant="menu" />
        <LanguageSwitcher variant="menu" />
      </div>
    </header>
  );
}
