import { useCallback, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { NavItem } from "@site/shared/content";
import { useDismiss } from "./use-dismiss";

/**
 * A header link with a disclosure of sub-links (About and its six anchors): the label stays a real
 * link to the page, and a separate button with aria-expanded opens the list. Escape, a press outside
 * and any navigation close it.
 */
export function NavDropdown({ item }: { item: NavItem }) {
  const location = useLocation();
  // Open at one location only: any navigation (a new location key, hash changes included) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const close = useCallback(() => setOpenAt(null), []);
  const container = useRef<HTMLLIElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const listId = useId();
  useDismiss({ open, close, container, trigger });

  return (
    <li className="nav__item nav__item--menu" ref={container}>
      <NavLink to={item.href} className="nav__link" end>
        {item.label}
      </NavLink>
      <button
        ref={trigger}
        type="button"
        className="nav__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenAt(open ? null : location.key)}
      >
        <span className="visually-hidden">{`${item.label} sections`}</span>
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2 4.5 6 8l4-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={listId} className="nav__dropdown" hidden={!open}>
        {item.children?.map((child) => (
          <li key={child.href}>
            <Link to={child.href} className="nav__dropdown-link" onClick={close}>
              {child.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
