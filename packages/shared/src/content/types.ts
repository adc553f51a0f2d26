/** The shapes of the site's content. Components render these; the data lives in the sibling modules. */

export interface Link {
  label: string;
  href: string;
}

export interface ExternalLink extends Link {
  /** Accessible name when the label alone is not enough (e.g. an icon link). */
  ariaLabel?: string;
}

export type SocialNetwork = "facebook" | "x" | "linkedin" | "instagram" | "email" | "website";
export interface SocialLink {
  network: SocialNetwork;
  label: string;
  href: string;
}

/** A prerendered page of the site. `path` is what the router, sitemap and server all read. */
export interface RouteInfo {
  id: "home" | "about" | "experts" | "services" | "industries" | "thought-leadership" | "blog" | "careers" | "contact" | "privacy";
  path: string;
  /** false: prerendered and in the sitemap, but reached from the footer only (not the header or mobile menu). */
  inMenus?: boolean;
  /** Label in the header navigation. */
  label: string;
  /** Document title (before the site-name suffix). */
  title: string;
  /** Meta description, 120 to 160 characters. */
  description: string;
}

export interface NavItem {
  label: string;
  href: string;
  children?: readonly NavItem[];
}

export interface FooterColumn {
  heading: string;
  links: readonly Link[];
}

export interface TitledText {
  title: string;
  text: string;
}

export interface Step extends TitledText {
  number: number;
}

export interface Faq {
  question: string;
  answer: string;
}

export interface Article {
  title: string;
  author: string;
  /** Uppercase, one of articleCategories. */
  category: string;
  /** YYYY-MM-DD, April to August 2025. */
  date: string;
  /** Absolute https URL of the article at its outlet. */
  link: string;
  /** The outlet's name. */
  description: string;
}

export interface Sector {
  name: string;
  description: string;
}

export interface ServiceCategory {
  /** Anchor id on /services, e.g. "strategy-management-leadership". */
  id: string;
  number: number;
  title: string;
  summary: string;
  bullets: readonly string[];
  /** Which drawn SVG illustration the page shows for it. */
  illustration: "strategy" | "economy" | "governance" | "investment" | "digital" | "policy" | "communication" | "projects" | "training";
}

export interface ServiceCard {
  title: string;
  text: string;
  href: string;
}

export interface Solution {
  title: string;
  text: string;
  points: readonly string[];
}

export interface AboutSection {
  /** One of the six About anchors, exactly as the spec names them. */
  id: "who-we-are" | "our-corporate-philosophies" | "our-anthem" | "our-business-model" | "our-critical-success-factors" | "why-choose-us";
  /** Label in the header dropdown and mobile menu. */
  label: string;
  heading: string;
}

/** The home page, section by section, in page order. */
export interface HomeContent {
  hero: { eyebrow: string; heading: string; text: string; primary: Link; secondary: Link };
  whoWeAre: { heading: string; paragraphs: readonly string[] };
  serviceCards: readonly ServiceCard[];
  whyPartner: { heading: string; intro: string; points: readonly TitledText[] };
  howItWorks: { heading: string; intro: string; steps: readonly Step[]; cta: Link };
  faq: { heading: string; items: readonly Faq[] };
}

/** The /about page's sections (headings come from aboutSections). */
export interface AboutContent {
  whoWeAre: { paragraphs: readonly string[] };
  philosophies: {
    purpose: string;
    vision: string;
    mission: string;
    motto: string;
    tagline: string;
    /** The heading over the core values. */
    coreValuesHeading: string;
    coreValues: readonly TitledText[];
    promise: string;
    positioning: string;
    inspiration: string;
  };
  anthem: {
    title: string;
    intro: string;
    /** Each verse (and the chorus) as its lines. */
    verses: readonly (readonly string[])[];
  };
  businessModel: readonly TitledText[];
  successFactors: readonly TitledText[];
  whyChooseUs: { intro: string; points: readonly TitledText[] };
}

export interface IndustriesContent {
  hero: { heading: string; text: string; cta: Link };
  sectorsIntro: { heading: string; text: string };
  solutions: { heading: string; intro: string; items: readonly Solution[] };
  process: { heading: string; steps: readonly Step[] };
  support: { heading: string; text: string; links: readonly Link[] };
}

export interface ExpertsContent {
  heading: string;
  intro: readonly string[];
  founder: {
    /** Slug of the name without the title ("amani-njoroge"): the author id of blog posts. */
    id: string;
    name: string;
    title: string;
    socials: readonly SocialLink[];
    publications: readonly ExternalLink[];
    biography: readonly string[];
  };
  /** The headings over the founder's publications and biography. */
  publicationsHeading: string;
  biographyHeading: string;
}

export interface CareersContent {
  tag: string;
  heading: string;
  paragraphs: readonly string[];
  cta: Link;
}

export interface ContactContent {
  heading: string;
  intro: string;
  formHeading: string;
  careersPointer: { text: string; link: Link };
}

export interface NewsletterContent {
  heading: string;
  text: string;
  label: string;
  placeholder: string;
  button: string;
}
