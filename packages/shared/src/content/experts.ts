import { slugify } from "./articles.js";
import { firm } from "./firm.js";
import type { ExpertsContent, ExternalLink } from "./types.js";

const founderSlug = slugify(firm.founderName.replace(/^Dr\.?\s+/, ""));

// Typed as ExternalLink (not a literal) so pages can read the optional ariaLabel of any entry.
const publications: readonly ExternalLink[] = [
  {
    label: "Articles in Business Daily Africa",
    href: `https://www.businessdailyafrica.com/authors/${founderSlug}`,
  },
  { label: "Articles in The Star Kenya", href: `https://www.the-star.co.ke/authors/${founderSlug}` },
  { label: "Analysis in The Africa Report", href: `https://www.theafricareport.com/author/${founderSlug}` },
  {
    label: "Commentary in The Kenyan Wall Street",
    href: `https://kenyanwallstreet.com/author/${founderSlug}`,
  },
];

/** The /experts page: the leadership intro and the founder's profile. */
export const expertsContent = {
  heading: "Our Experts",
  intro: [
    `${firm.name} is led by its Founder/MD/CEO, supported by an executive committee and by the leaders of our offices and communities of practice.`,
    "Governance is led by our board, which sets the firm's direction and holds management to account.",
  ],
  publicationsHeading: "Publications",
  biographyHeading: "Biography",
  founder: {
    /** The founder's id: blog posts name their author by it, and /experts anchors the profile with it. */
    id: founderSlug,
    name: firm.founderName,
    title: "Founder/MD/CEO",
    socials: [
      { network: "email", label: `Email ${firm.founderName}`, href: `mailto:${firm.founderEmail}` },
      { network: "website", label: "Personal website", href: firm.founderWebsite },
      { network: "x", label: "X (Twitter)", href: "https://x.com/" },
      { network: "facebook", label: "Facebook", href: "https://www.facebook.com/" },
      { network: "linkedin", label: "LinkedIn", href: "https://www.linkedin.com/" },
    ],
    publications,
    biography: [
      `${firm.founderName} is a pan-African economic and strategy consultant and the founder of ${firm.name}, advising boards, governments, financial institutions and development partners on strategy, economic policy, governance and financial inclusion.`,
      "Before founding the firm, the founder spent about 22 years at a leading East African banking group, in strategy, economic research, risk and business development, and led regional expansion and digital banking programmes across several countries.",
      "The founder holds a doctorate in economics, an MBA and a Bachelor of Commerce, and has completed executive programmes in leadership, corporate governance, risk management and digital finance at business schools in Africa, Europe and North America.",
      "Memberships include the professional bodies for economists, bankers, certified public accountants and company directors.",
      "Board roles include directorships of a SACCO, a microfinance institution and an education foundation, and the chair of audit and risk committees. The founder writes regularly on Africa's economies, banking, payments and geopolitics.",
    ],
  },
} as const satisfies ExpertsContent;

/** The id of every expert on /experts: a blog post's `author` must be one of them. */
export const expertIds: readonly string[] = [expertsContent.founder.id];

/** The page and anchor of an expert's profile, for a post's byline. */
export const expertHref = (id: string): string => `/experts#${id}`;

/** The expert with this id (name and title for a byline), or undefined. */
export function expertById(id: string): { id: string; name: string; title: string } | undefined {
  const { founder } = expertsContent;
  return founder.id === id ? { id: founder.id, name: founder.name, title: founder.title } : undefined;
}
