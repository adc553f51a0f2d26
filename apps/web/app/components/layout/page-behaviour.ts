/**
 * What the site's header and footer do in the browser, as plain DOM code: the pages are static HTML
 * (only islands are ever hydrated), and a menu should answer the first tap at once, without waiting
 * for React. entry.client.ts attaches it to the built pages; where React renders the whole site
 * (development server, unit tests) root.tsx attaches it. Every listener is delegated from the
 * document, so markup React re-renders keeps working.
 *
 * - The burger opens and closes the mobile menu (`aria-expanded`, the menu's `hidden`, and the spec's
 *   `menu-active` class on <body>, with which styles lock page scroll behind the open menu).
 * - A dropdown toggle (About) opens and closes its list; a press outside it closes it.
 * - Escape closes what is open and puts focus back on the control that opened it; following a link
 *   in a menu, or any navigation within the page (hash change, Back), closes it too.
 * - The footer's Back to top button scrolls up (smoothly unless reduced motion is asked for) and moves
 *   focus to the top, so keyboard users continue from there.
 */

const burgerSelector = "button.burger";
const toggleSelector = "button.nav__toggle";

/** The element a disclosure button controls (its `aria-controls`). */
const controlled = (doc: Document, button: Element) =>
  doc.getElementById(button.getAttribute("aria-controls") ?? "");

const isOpen = (button: Element) => button.getAttribute("aria-expanded") === "true";

function setOpen(doc: Document, button: Element, open: boolean) {
  button.setAttribute("aria-expanded", String(open));
  const panel = controlled(doc, button);
  if (panel) panel.hidden = !open;
  if (button.matches(burgerSelector)) doc.body.classList.toggle("menu-active", open);
}

/** Attaches the behaviours to `doc`; returns a function that detaches them. */
export function enhancePage(doc: Document): () => void {
  const view = doc.defaultView ?? window;
  const openButtons = () =>
    [...doc.querySelectorAll(`${burgerSelector}, ${toggleSelector}`)].filter(isOpen);
  const closeAll = () => {
    for (const button of openButtons()) setOpen(doc, button, false);
  };

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const disclosure = target.closest(`${burgerSelector}, ${toggleSelector}`);
    if (disclosure) {
      const open = !isOpen(disclosure);
      // One popup at a time.
      for (const other of openButtons()) if (other !== disclosure) setOpen(doc, other, false);
      setOpen(doc, disclosure, open);
      return;
    }
    const link = target.closest("a[href]");
    if (link) {
      for (const button of openButtons())
        if (controlled(doc, button)?.contains(link)) setOpen(doc, button, false);
      return;
    }
    if (target.closest("button.scroll-top")) scrollToTop(doc);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    const open = openButtons();
    if (open.length === 0) return;
    event.preventDefault();
    closeAll();
    (open[0] as HTMLElement).focus();
  };

  // A press outside an open dropdown closes it (not the mobile menu: it covers the page).
  const onPointerDown = (event: PointerEvent) => {
    const target = event.target;
    if (!(target instanceof Node)) return;
    for (const button of openButtons()) {
      if (!button.matches(toggleSelector)) continue;
      const container = button.closest("li") ?? button.parentElement;
      if (container && !container.contains(target)) setOpen(doc, button, false);
    }
  };

  doc.addEventListener("click", onClick);
  doc.addEventListener("keydown", onKeyDown);
  doc.addEventListener("pointerdown", onPointerDown);
  view.addEventListener("hashchange", closeAll);
  view.addEventListener("popstate", closeAll);
  return () => {
    doc.removeEventListener("click", onClick);
    doc.removeEventListener("keydown", onKeyDown);
    doc.removeEventListener("pointerdown", onPointerDown);
    view.removeEventListener("hashchange", closeAll);
    view.removeEventListener("popstate", closeAll);
    closeAll();
  };
}

function scrollToTop(doc: Document) {
  const view = doc.defaultView ?? window;
  const reduce = view.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  view.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
  doc.querySelector<HTMLElement>(".skip-link")?.focus({ preventScroll: true });
}
