import type { MetaDescriptor } from "react-router";
import { blogPaths } from "@site/shared/blog";
import { expertById, expertHref, firm, type RouteId } from "@site/shared/content";
import { defaultLocale, intlLocales, localePath, locales, type Locale } from "@site/shared/i18n";
import type { ContentTree, MessageTree } from "@site/shared/i18n/sources";
import { env } from "../config/env";

/** The page a head is written for: its path in English ("/about") and the texts of its language. */
export interface PageInfo {
  path: string;
  locale: Locale;
  content: ContentTree;
  messages: MessageTree;
}

/** Open Graph's locale of each language (the firm writes from Kenya; French as in francophone Africa). */
const ogLocales: Readonly<Record<Locale, string>> = { en: "en_GB", fr: "fr_FR", sw: "sw_KE" };

/** What a page says about itself; the rest of its meta tags follow from it. */
export interface PageSeo {
  title: string;
  description: string;
  /** Path of the page in English, starting with "/"; the canonical URL is its path in `locale`. */
  path: string;
  locale: Locale;
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

/** The site's facts, the social card's description in the page's language. */
export const siteSeo = (content: Pick<ContentTree, "firm">): SiteSeo => ({
  siteUrl: env.siteUrl,
  siteName: firm.name,
  imagePath: socialCard.path,
  imageAlt: `${firm.name}: ${content.firm.tagline}`,
});

export const defaultSite: SiteSeo = siteSeo({ firm });

const absolute = (site: SiteSeo, path: string) => `${site.siteUrl}${path === "/" ? "/" : path}`;

/** Builds every meta tag of a page: title, description, canonical, Open Graph and Twitter. */
export function seo(page: PageSeo, site: SiteSeo = defaultSite): MetaDescriptor[] {
  const title = `${page.title} | ${site.siteName}`;
  const url = absolute(site, localePath(page.locale, page.path));
  const image = `${site.siteUrl}${site.imagePath}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    // The same page in each language, and English for everyone else (not for the 404 page: no such page).
    ...(page.noindex
      ? []
      : [
          ...locales.map((locale) => ({
            tagName: "link",
            rel: "alternate",
            hrefLang: locale,
            href: absolute(site, localePath(locale, page.path)),
          })),
          {
            tagName: "link",
            rel: "alternate",
            hrefLang: "x-default",
            href: absolute(site, localePath(defaultLocale, page.path)),
          },
        ]),
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:type", content: page.article ? "article" : "website" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:locale", content: ogLocales[page.locale] },
    ...locales
      .filter((locale) => locale !== page.locale)
      .map((locale) => ({ property: "og:locale:alternate", content: ogLocales[locale] })),
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(socialCard.width) },
    { property: "og:image:height", content: String(socialCard.height) },
    { property: "og:image:alt", content: site.imageAlt },
    // X reads the title, description and image from Open Graph's tags when it finds no twitter: tags of
    // its own: repeating them would add to every page's first flight for nothing.
    { name: "twitter:card", content: "summary_large_image" },
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

/** The meta tags of one of the site's routes, from its entry in the route table of the page's language. */
export function routeSeo(
  id: RouteId,
  page: PageInfo,
  site: SiteSeo = siteSeo(page.content),
): MetaDescriptor[] {
  const route = page.content.routes.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return seo(
    { title: route.title, description: route.description, path: route.path, locale: page.locale },
    site,
  );
}

/** Structured data describing the firm (schema.org ProfessionalService, a kind of Organization). */
export function organizationJsonLd(
  site: SiteSeo = defaultSite,
  content: Pick<ContentTree, "firm"> = { firm },
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": ["ProfessionalService", "Organization"],
    "@id": `${site.siteUrl}/#organization`,
    name: firm.name,
    legalName: firm.legalName,
    slogan: content.firm.tagline,
    description: content.firm.summary,
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

/** What a post's structured data needs: the post's own facts in the page's language, not its body. */
export interface BlogPostingFacts {
  slug: string;
  title: string;
  summary: string;
  date: string;
  updated?: string;
  author: string;
  /** The category as the page names it, in its language (its article:section tag's words). */
  category: string;
  /** The language the title, summary and body are written in (English unless it is a translation). */
  lang?: Locale;
  /** The page's language, which gives its address (English by default). */
  locale?: Locale;
  /** Every language the post is written in: the English original and its translations. */
  languages?: readonly Locale[];
}

/**
 * Structured data for a blog post (schema.org BlogPosting), published by the firm. A translation names
 * the English post it translates; the English post names its translations.
 */
export function blogPostingJsonLd(
  post: BlogPostingFacts,
  site: SiteSeo = defaultSite,
): Record<string, unknown> {
  const { lang = defaultLocale, locale = defaultLocale, languages = [defaultLocale] } = post;
  const postUrl = (language: Locale) =>
    `${site.siteUrl}${localePath(language, blogPaths.post(post.slug))}`;
  const url = postUrl(locale);
  const author = expertById(post.author);
  const translations = languages.filter((language) => language !== defaultLocale);
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
    // No keywords or wordCount: no search engine reads them from BlogPosting, and on the longest
    // translated posts they were 50-90 bytes of brotli past what the first flight of TCP holds.
    inLanguage: intlLocales[lang],
    ...(lang !== defaultLocale
      ? { translationOfWork: { "@id": `${postUrl(defaultLocale)}#post` } }
      : translations.length > 0
        ? {
            workTranslation: translations.map((language) => ({
              "@id": `${postUrl(language)}#post`,
            })),
          }
        : {}),
    image: `${site.siteUrl}${site.imagePath}`,
    author: {
      "@type": "Person",
      name: author?.name ?? post.author,
      url: `${site.siteUrl}${expertHref(post.author)}`,
    },
    // The firm's own structured data is on the home page alone: named here, with its identifier there.
    publisher: { "@type": "Organization", "@id": `${site.siteUrl}/#organization`, name: firm.name },
  };
}
