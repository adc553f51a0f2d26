import type { MetaDescriptor } from "react-router";
import { blogPaths } from "@site/shared/blog";
import { expertById, expertHref, firm, type RouteInfo } from "@site/shared/content";
import { env } from "../config/env";

/** What a page says about itself; the rest of its meta tags follow from it. */
export interface PageSeo {
  title: string;
  description: string;
  /** Path of the page, starting with "/"; the canonical URL is the site URL plus this. */
  path: string;
  /** Pages that must stay out of search results (the 404 page). */
  noindex?: boolean;
  /** A blog post: Open Graph says "article", with its dates, section and tags. */
  article?: { publishedTime: string; modifiedTime?: string; section: string };
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
    { property: "og:type", content: page.article ? "article" : "website" },
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
  if (page.article) {
    tags.push({ property: "article:published_time", content: page.article.publishedTime });
    if (page.article.modifiedTime)
      tags.push({ property: "article:modified_time", content: page.article.modifiedTime });
    tags.push({ property: "article:section", content: page.article.section });
  }
  // Every page announces the blog's feed, so a feed reader finds it from any address of the site.
  tags.push({
    tagName: "link",
    rel: "alternate",
    type: "application/atom+xml",
    title: blogFeedTitle(site),
    href: `${site.siteUrl}${blogPaths.feed}`,
  });
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The title of the blog's Atom feed, as readers list it. */
export const blogFeedTitle = (site: SiteSeo = defaultSite) => `${site.siteName} blog`;

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

/** What a post's structured data needs: the post's own facts, not its body. */
export interface BlogPostingFacts {
  slug: string;
  title: string;
  summary: string;
  date: string;
  updated?: string;
  author: string;
  category: string;
  tags: readonly string[];
  words: number;
}

/** Structured data for a blog post (schema.org BlogPosting), published by the firm. */
export function blogPostingJsonLd(
  post: BlogPostingFacts,
  site: SiteSeo = defaultSite,
): Record<string, unknown> {
  const url = `${site.siteUrl}${blogPaths.post(post.slug)}`;
  const author = expertById(post.author);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": `${url}#post`,
    mainEntityOfPage: url,
    url,
    headline: post.title,
    description: post.summary,
    datePublished: post.date,
    dateModified: post.updated ?? post.date,
    articleSection: post.category,
    keywords: post.tags.join(", "),
    wordCount: post.words,
    inLanguage: "en-GB",
    image: `${site.siteUrl}${site.imagePath}`,
    author: {
      "@type": "Person",
      name: author?.name ?? post.author,
      url: `${site.siteUrl}${expertHref(post.author)}`,
    },
    publisher: { "@id": `${site.siteUrl}/#organization` },
  };
}
