import * as z from "zod";
import { articleCategories, type ArticleCategory } from "../content/articles.js";
import { defaultLocale, locales, type Locale } from "../i18n/index.js";

/** The drawn illustrations a post's card can show (the /services drawings), by name. */
export const blogCovers = [
  "strategy",
  "economy",
  "governance",
  "investment",
  "digital",
  "policy",
  "communication",
  "projects",
  "training",
] as const;
export type BlogCover = (typeof blogCovers)[number];

/** The drawing a post without a `cover` shows: one per category. */
export const defaultCoverByCategory: Readonly<Record<ArticleCategory, BlogCover>> = {
  ECONOMY: "economy",
  MANAGEMENT: "governance",
  GEOPOLITICS: "policy",
  STRATEGY: "strategy",
  BANKING: "investment",
  INSURANCE: "governance",
  TELECOM: "digital",
  PAYMENTS: "digital",
  TOURISM: "projects",
  EDUCATION: "training",
};

export const blogSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

const isRealDate = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
};

/** A calendar date written YYYY-MM-DD that exists (2026-02-30 does not). */
const isoDate = z
  .string({ error: "must be a date written YYYY-MM-DD, in quotes" })
  .regex(isoDatePattern, { error: "must be a date written YYYY-MM-DD, in quotes" })
  .refine((value) => !isoDatePattern.test(value) || isRealDate(value), {
    error: "is not a real calendar date",
  });

const title = z
  .string({ error: "is required, as text in quotes" })
  .trim()
  .min(1, { error: "is required" })
  .max(120, { error: "must be at most 120 characters" });
const slug = z.string({ error: "is required, as text in quotes" }).regex(blogSlugPattern, {
  error: "must be lower-case letters, digits and single hyphens (kebab-case)",
});
const summary = z
  .string({ error: "is required, as text in quotes" })
  .trim()
  .min(1, { error: "is required" })
  .max(200, { error: "must be at most 200 characters" });
const tags = z
  .array(
    z
      .string({ error: "must be text" })
      .trim()
      .min(1, { error: "must not be empty" })
      .max(40, { error: "must be at most 40 characters" })
      .refine((tag) => tag === tag.toLocaleLowerCase(), { error: "must be lower case" }),
    { error: 'must be a list such as ["saccos", "governance"]' },
  )
  .min(2, { error: "must list two to four tags" })
  .max(4, { error: "must list two to four tags" });

/**
 * A post's front matter (the rules of packages/shared/content/blog/README.md). Unknown fields are refused,
 * so a misspelt optional field (`udpated`) is reported instead of silently ignored.
 */
export const blogFrontMatterSchema = z.strictObject({
  title,
  slug,
  date: isoDate,
  updated: isoDate.optional(),
  author: z.string({ error: "is required: the id of an expert, such as amani-njoroge" }).min(1),
  category: z.enum(articleCategories, {
    error: `must be one of ${articleCategories.join(", ")}`,
  }),
  summary,
  tags,
  cover: z.enum(blogCovers, { error: `must be one of ${blogCovers.join(", ")}` }).optional(),
});

/**
 * A translation's front matter (`<slug>.<language>.md`): its own title, summary and tags, the slug of the
 * post it translates and the day it was brought up to date with it. Date, author, category and cover are
 * the original's.
 */
export const blogTranslationFrontMatterSchema = z.strictObject({
  title,
  slug,
  translated: isoDate,
  summary,
  tags,
});

export type BlogFrontMatter = z.infer<typeof blogFrontMatterSchema>;

/** Posts are written in English; these are the languages a post can be translated into. */
export type BlogTranslationLocale = Exclude<Locale, "en">;
export const isBlogTranslationLocale = (locale: string): locale is BlogTranslationLocale =>
  locale !== defaultLocale && (locales as readonly string[]).includes(locale);
export const blogTranslationLocales = locales.filter(isBlogTranslationLocale);

/** A heading of a post's body, with the id its anchor links to. */
export interface BlogHeading {
  id: string;
  text: string;
  level: 2 | 3;
}

/** What a card, a feed entry or the API needs of a post: everything but its body. */
export interface BlogPostSummary {
  slug: string;
  title: string;
  date: string;
  updated?: string;
  author: string;
  category: ArticleCategory;
  summary: string;
  tags: readonly string[];
  cover: BlogCover;
  /** Whole minutes at 200 words a minute, at least 1. */
  readingMinutes: number;
  words: number;
  /** The post's translations' own words, by language (none for most posts). */
  translations: Partial<Record<BlogTranslationLocale, BlogPostTranslationSummary>>;
}

/** What a page shows of a post in one language: its words in that language, and which language that is. */
export interface BlogPostText {
  lang: Locale;
  title: string;
  summary: string;
  tags: readonly string[];
  readingMinutes: number;
  words: number;
}

/** A translation's words, and the day it was last brought up to date with the English post. */
export interface BlogPostTranslationSummary extends BlogPostText {
  translated: string;
}

/** A post's body, rendered to safe HTML at build time, and its headings (the table of contents). */
export interface BlogPostBody {
  html: string;
  headings: readonly BlogHeading[];
}

/** A post's body as the generated module holds it: the original's, and each translation's. */
export interface BlogPostBodies extends BlogPostBody {
  translations: Partial<Record<BlogTranslationLocale, BlogPostBody>>;
}

/** A post as the build reads it: everything, each translation with its body. */
export type BlogPost = Omit<BlogPostSummary, "translations"> &
  BlogPostBody & {
    translations: Partial<Record<BlogTranslationLocale, BlogPostTranslationSummary & BlogPostBody>>;
  };

/** The words a page in `locale` shows of a post: its translation into that language, else the English. */
export function postText(
  post: BlogPostSummary,
  locale: Locale,
): BlogPostText & { translated?: string } {
  const translation = isBlogTranslationLocale(locale) ? post.translations[locale] : undefined;
  return (
    translation ?? {
      lang: defaultLocale,
      title: post.title,
      summary: post.summary,
      tags: post.tags,
      readingMinutes: post.readingMinutes,
      words: post.words,
    }
  );
}

/** The body a page in `locale` shows: the translation's when there is one, else the English. */
export function postBody(bodies: BlogPostBodies, locale: Locale): BlogPostBody {
  return (isBlogTranslationLocale(locale) ? bodies.translations[locale] : undefined) ?? bodies;
}

/** The languages a post is written in, in the site's order: English, then its translations'. */
export function postLanguages(post: Pick<BlogPostSummary, "translations">): Locale[] {
  return locales.filter(
    (locale) => !isBlogTranslationLocale(locale) || post.translations[locale] !== undefined,
  );
}

/** The URL segment of a category: "BANKING" is /blog/category/banking. */
export const blogCategorySlug = (category: ArticleCategory): string => category.toLowerCase();

/** The category a URL segment names, or undefined. */
export function blogCategoryFromSlug(slug: string): ArticleCategory | undefined {
  return articleCategories.find((category) => blogCategorySlug(category) === slug);
}

export const blogPaths = {
  index: "/blog",
  feed: "/blog/feed.xml",
  post: (slug: string) => `/blog/${slug}`,
  category: (category: ArticleCategory) => `/blog/category/${blogCategorySlug(category)}`,
} as const;

/**
 * The blog's pages under /blog (which is in the shared route list): each category's filtered list and
 * each post. The prerender writes them all; the sitemap leaves out categories without posts.
 */
export function blogSubpagePaths(posts: readonly Pick<BlogPostSummary, "slug">[]): string[] {
  return [
    ...articleCategories.map((category) => blogPaths.category(category)),
    ...posts.map((post) => blogPaths.post(post.slug)),
  ];
}
