import { useId } from "react";
import { Link, NavLink } from "../ui/site-link";
import type { NavItem } from "@site/shared/content";
import { useMessages } from "../../i18n/messages";

/**
 * A header link with a disclosure of sub-links (About and its six anchors): the label stays a real
 * link to the page, and a separate button with aria-expanded opens the list. Escape, a press outside
 * and any navigation close it (page-behaviour.ts; rendered closed).
 */
export function NavDropdown({ item }: { item: NavItem }) {
  const listId = useId();
  const { sections } = useMessages().siteMessages;

  return (
    <li className="nav__item nav__item--menu">
      <NavLink to={item.href} className="nav__link" end>
        {item.label}
      </NavLink>
      <button type="button" className="nav__toggle" aria-expanded={false} aria-controls={listId}>
        <span className="visually-hidden">{sections(item.label)}</span>
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path
            d="M2 4.5 6 8l4-3.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <ul id={listId} className="nav__dropdown" hidden>
        {item.children?.map((child) => (
          <li key={child.href}>
            <Link to={child.href} className="nav__dropdown-link">
              {child.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
