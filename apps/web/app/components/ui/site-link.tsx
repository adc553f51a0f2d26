import { Link as RouterLink, NavLink as RouterNavLink } from "react-router";

// The router's links as the site renders them: each page is static HTML with no router in the browser,
// so nothing reads the `data-discover` attribute the router adds to every link for its lazy route
// discovery (discover="render"). Left out, it saves 60-100 bytes of brotli on every page.

/** The router's `Link` (the path in the page's language), without the discovery attribute. */
export function Link(props: React.ComponentProps<typeof RouterLink>) {
  return <RouterLink discover="none" {...props} />;
}

/** The router's `NavLink` (`aria-current` on the page's own link), without the discovery attribute. */
export function NavLink(props: React.ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink discover="none" {...props} />;
}
