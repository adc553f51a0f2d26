import type { MetaDescriptor } from "react-router";
import { firm, type RouteInfo } from "@site/shared/content";
import { env } from "../config/env";

/** What a page says about itself; the rest of its meta tags follow from it. */
export interface PageSeo {
  title: string;
  description: string;
  /** Path of the page, starting with "/"; the canonical URL is the site URL plus this. */
  path: string;
  /** Pages that must stay out of search results (the 404 page). */
  noindex?: boolean;
}

/** Site-wide facts the tags need; injected so tests and other deployments can pass their own. */
export interface SiteSeo {
  siteUrl: string;
  siteName: string;
  /** Path of the social card image shipped in public/. */
  imagePath: string;
  imageAlt: string;
}

export const socialCard = { path: "/social-card.png", width: 1200, height: 630 } as const;

export const defaultSite: SiteSeo = {
  siteUrl: env.siteUrl,
  siteName: firm.name,
  imagePath: socialCard.path,
  imageAlt: `${firm.name}: ${firm.tagline}`,
};

/** Builds every meta tag of a page: title, description, canonical, Open Graph and Twitter. */
export function seo(page: PageSeo, site: SiteSeo = defaultSite): MetaDescriptor[] {
  const title = `${page.title} | ${site.siteName}`;
  const url = `${site.siteUrl}${page.path === "/" ? "/" : page.path}`;
  const image = `${site.siteUrl}${site.imagePath}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:locale", content: "en_GB" },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(socialCard.width) },
    { property: "og:image:height", content: String(socialCard.height) },
    { property: "og:image:alt", content: site.imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: site.imageAlt },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The meta tags of one of the site's routes, from its entry in the shared route table. */
export function routeSeo(route: RouteInfo, site: SiteSeo = defaultSite): MetaDescriptor[] {
  return seo({ title: route.title, description: route.description, path: route.path }, site);
}

/** Structured data describing the firm (schema.org ProfessionalService, a kind of Organization). */
export function organizationJsonLd(site: SiteSeo = defaultSite): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": ["ProfessionalService", "Organization"],
    "@id": `${site.siteUrl}/#organization`,
    name: firm.name,
    legalName: firm.legalName,
    slogan: firm.tagline,
    description: firm.summary,
    url: `${site.siteUrl}/`,
    logo: `${site.siteUrl}/icon-512.png`,
    image: `${site.siteUrl}${site.imagePath}`,
    telephone: firm.phone,
    email: firm.email,
    address: {
      "@type": "PostalAddress",
      addressLocality: firm.headquarters.city,
      addressCountry: firm.headquarters.countryCode,
    },
    areaServed: { "@type": "Continent", name: "Africa" },
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "08:00",
      closes: "18:00",
    },
    sameAs: firm.socials.map((social) => social.href),
  };
}
