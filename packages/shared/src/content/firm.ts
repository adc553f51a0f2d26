import type { SocialLink } from "./types.js";

/**
 * The firm's facts. The firm's and founder's names are neutral placeholders, defined here once:
 * replace them here and every page, mail and meta tag follows.
 */
export const firm = {
  name: "Kilima Advisory",
  legalName: "Kilima Advisory Limited",
  founderName: "Dr. Amani Njoroge",
  /** The founder's own contact points (placeholders, like the name). */
  founderEmail: "amani.njoroge@kilima-advisory.example",
  founderWebsite: "https://www.amani-njoroge.example",
  tagline: "your thought leadership partner",
  motto: "destiny changers",
  /** The footer's description of the firm (spec section 1). */
  summary:
    "Empowering economic actors with strategic insight, expert analysis and actionable solutions, from Nairobi to the rest of Africa and the world.",
  headquarters: { city: "Nairobi", country: "Kenya", countryCode: "KE" },
  phone: "+254 700 123 456",
  phoneHref: "tel:+254700123456",
  email: "info@kilima-advisory.example",
  careersEmail: "careers@kilima-advisory.example",
  supportHours: "Monday to Friday, 8am to 6pm (EAT)",
  replyTime: "24 to 48 hours",
  copyrightYear: 2025,
  /** Where the site is published; canonical URLs, the sitemap and social cards use it. */
  siteUrl: "https://www.kilima-advisory.example",
  socials: [
    { network: "facebook", label: "Facebook", href: "https://www.facebook.com/" },
    { network: "x", label: "X (Twitter)", href: "https://x.com/" },
    { network: "linkedin", label: "LinkedIn", href: "https://www.linkedin.com/" },
    { network: "instagram", label: "Instagram", href: "https://www.instagram.com/" },
  ] satisfies readonly SocialLink[],
} as const;
