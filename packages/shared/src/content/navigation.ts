import type { AboutSection, FooterColumn, NavItem, RouteInfo } from "./types.js";

/** Every prerendered page, in header order. Router, sitemap and server all read this list. */
export const routes = [
  {
    id: "home",
    path: "/",
    label: "Home",
    title: "Management Consulting for Africa",
    description:
      "Pan-African management consulting from Nairobi: strategy, economic advisory, governance, research and digital transformation for ambitious organisations.",
  },
  {
    id: "about",
    path: "/about",
    label: "About",
    title: "About Us",
    description:
      "Who we are: our purpose, vision, mission, corporate philosophies, anthem, business model and the critical success factors behind our work across Africa.",
  },
  {
    id: "experts",
    path: "/experts",
    label: "Our Experts",
    title: "Our Experts",
    description:
      "Meet the leadership of our firm: our Founder, MD and CEO, the executive committee, office leaders and communities of practice, governed by our board.",
  },
  {
    id: "services",
    path: "/services",
    label: "Services",
    title: "Services",
    description:
      "Nine service lines: strategy and leadership, economics, governance and risk, investment, ICT and digital, policy, communication, programmes and training.",
  },
  {
    id: "industries",
    path: "/industries",
    label: "Industries",
    title: "Industries",
    description:
      "Sector expertise from banking, SACCOs, insurance and payments to the public sector, NGOs, energy, agriculture, health and education, across Africa.",
  },
  {
    id: "thought-leadership",
    path: "/thought-leadership",
    label: "Thought Leadership",
    title: "Thought Leadership",
    description:
      "Articles and commentary on Africa's economy, banking, payments, geopolitics, strategy, insurance, telecoms and tourism, written by our founder.",
  },
  {
    id: "blog",
    path: "/blog",
    label: "Blog",
    title: "Blog",
    description:
      "Practical notes from our consultants on governance, strategy, finance, regulation and trade for boards and managers across East Africa and beyond.",
  },
  {
    id: "careers",
    path: "/careers",
    label: "Careers",
    title: "Careers",
    description:
      "Join a pan-African consulting team that invests in induction, training and welfare, and values attitude and a high-performance culture. Send us your CV.",
  },
  {
    id: "contact",
    path: "/contact",
    label: "Contact",
    title: "Contact Us",
    description:
      "Start the conversation: tell us about your organisation's challenge and we will reply within 24 to 48 hours, Monday to Friday, 8am to 6pm EAT.",
  },
  {
    id: "privacy",
    path: "/privacy",
    label: "Privacy",
    title: "Privacy Notice",
    description:
      "What we store when you write to us or subscribe, why, for how long, who receives it, and how to see, correct or erase it. No cookies, no trackers.",
    inMenus: false,
  },
] as const satisfies readonly RouteInfo[];

export type RouteId = (typeof routes)[number]["id"];
export const routePaths = routes.map((route) => route.path);
/** The not-found page is prerendered at this path; the server sends it with status 404. */
export const notFoundPath = "/404";

export function routeById(id: RouteId): RouteInfo {
  const route = routes.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route;
}

/** The six anchored sections of /about, in order, with the spec's ids. */
export const aboutSections = [
  { id: "who-we-are", label: "Who We Are", heading: "Who We Are" },
  { id: "our-corporate-philosophies", label: "Our Corporate Philosophies", heading: "Our Corporate Philosophies" },
  { id: "our-anthem", label: "Our Anthem", heading: "Our Anthem" },
  { id: "our-business-model", label: "Our Business Model", heading: "Our Business Model" },
  { id: "our-critical-success-factors", label: "Our Critical Success Factors", heading: "Our Critical Success Factors" },
  { id: "why-choose-us", label: "Why Choose Us", heading: "Why Choose Us" },
] as const satisfies readonly AboutSection[];

const aboutChildren: readonly NavItem[] = aboutSections.map((section) => ({
  label: section.label,
  href: `/about#${section.id}`,
}));

/** The routes the header and the mobile menu list (the privacy notice is linked from the footer and the forms). */
const menuRoutes: readonly RouteInfo[] = routes.filter((route: RouteInfo) => route.inMenus !== false);

/** Header navigation; About carries the dropdown of its anchors. */
export const headerNav: readonly NavItem[] = menuRoutes.map((route) =>
  route.id === "about"
    ? { label: route.label, href: route.path, children: aboutChildren }
    : { label: route.label, href: route.path },
);

/** The header's call to action. */
export const contactCta = { label: "Contact Us", href: "/contact" } as const;

/**
 * The mobile menu. The spec's menu omits Careers; docs/architecture.md adds it back so phones can reach it.
 */
export const mobileNav: readonly NavItem[] = menuRoutes.map((route) =>
  route.id === "about"
    ? { label: "About Us", href: route.path, children: aboutChildren }
    : { label: route.label, href: route.path },
);

/** The footer's link columns (Geographies and Contact Us are rendered from their own modules). */
export const footerColumns = {
  linksAndResources: {
    heading: "Links & Resources",
    links: [
      { label: "About Us", href: "/about" },
      { label: "Our Experts", href: "/experts" },
      { label: "Services", href: "/services" },
      { label: "Industries", href: "/industries" },
      { label: "Thought Leadership", href: "/thought-leadership" },
      { label: "Blog", href: "/blog" },
      { label: "Contact Us", href: "/contact" },
      { label: "Privacy Notice", href: "/privacy" },
    ],
  },
  /** Linked to the matching /services sections (docs/architecture.md departs from the spec's placeholder links). */
  coreServices: {
    heading: "Core Services",
    links: [
      { label: "Strategic Planning", href: "/services#strategy-management-leadership" },
      { label: "Economic Advisory", href: "/services#economic-market-innovation" },
      { label: "Policy Design", href: "/services#policy-public-sector-social-services" },
      { label: "Digital Transformation", href: "/services#ict-digital" },
      { label: "Corporate Governance", href: "/services#governance-risk-compliance" },
      { label: "Research & Analysis", href: "/services#reporting-communication-thought-leadership" },
    ],
  },
} as const satisfies Record<string, FooterColumn>;
