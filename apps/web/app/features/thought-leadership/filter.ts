/**
 * The Thought Leadership filter in the browser, as plain DOM code in the one script every page runs (no
 * React, nothing to fetch): a tap on a filter link shows that view's cards at once and writes its address
 * into the history; Back and Forward restore the view of the address they land on. Without this script
 * the links are ordinary links to the prerendered view of each choice (thought-leadership.tsx).
 */

/** The attributes the prerendered markup carries for this code. */
export const filterAttributes = {
  /** On the filter's <nav>. */
  filter: "data-tl-filter",
  /** On each link: its category's slug ("" for all); on each card's <li>: its article's category. */
  category: "data-tl-category",
  /** On each link: the text the live region says for its view. */
  summary: "data-tl-summary",
  /** On each link: "true" when its view has no article. */
  empty: "data-tl-empty",
  /** On each link: the document title of its view. */
  title: "data-tl-title",
  /** On the live region. */
  status: "data-tl-status",
  /** On the cards' list. */
  grid: "data-tl-grid",
} as const;

const a = filterAttributes;

/** Shows the view `link` leads to: its cards, its summary, its title, and marks it current. */
function show(doc: Document, nav: Element, link: HTMLAnchorElement): void {
  const wanted = link.getAttribute(a.category) ?? "";
  for (const each of nav.querySelectorAll<HTMLAnchorElement>(`a[${a.category}]`)) {
    if (each === link) each.setAttribute("aria-current", "page");
    else each.removeAttribute("aria-current");
  }
  const grid = doc.querySelector<HTMLElement>(`[${a.grid}]`);
  for (const item of grid?.querySelectorAll<HTMLElement>(`li[${a.category}]`) ?? [])
    item.hidden = wanted !== "" && item.getAttribute(a.category) !== wanted;
  const empty = link.getAttribute(a.empty) === "true";
  if (grid) grid.hidden = empty;
  const status = doc.querySelector<HTMLElement>(`[${a.status}]`);
  if (status) {
    status.textContent = link.getAttribute(a.summary) ?? "";
    if (empty) status.dataset["empty"] = "true";
    else delete status.dataset["empty"];
  }
  const title = link.getAttribute(a.title);
  if (title) doc.title = title;
}

/** A press that asks for the link's own behaviour (a new tab, a download): left to the browser. */
const wantsBrowser = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * Attaches the filter's behaviour to the page's filter, if it has one; returns a function that detaches
 * it. `win` is the window whose history and address are used.
 */
export function enhanceArticleFilter(doc: Document, win: Window = window): () => void {
  const nav = doc.querySelector(`[${a.filter}]`);
  if (!nav) return () => undefined;
  const linkFor = (pathname: string) =>
    [...nav.querySelectorAll<HTMLAnchorElement>(`a[${a.category}]`)].find(
      (link) => new URL(link.href, doc.baseURI).pathname === pathname,
    );

  const onClick = (event: Event) => {
    if (!(event instanceof MouseEvent) || event.defaultPrevented || wantsBrowser(event)) return;
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!(link instanceof HTMLAnchorElement) || !link.hasAttribute(a.category)) return;
    event.preventDefault();
    show(doc, nav, link);
    const url = new URL(link.href, doc.baseURI);
    if (url.pathname !== win.location.pathname) win.history.pushState(null, "", url.pathname);
  };
  // Back or Forward to another view of this page (an address pushed above, or the one it loaded at).
  const onPopState = () => {
    const link = linkFor(win.location.pathname);
    if (link) show(doc, nav, link);
  };
  nav.addEventListener("click", onClick);
  win.addEventListener("popstate", onPopState);
  return () => {
    nav.removeEventListener("click", onClick);
    win.removeEventListener("popstate", onPopState);
  };
}
