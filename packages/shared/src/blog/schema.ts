import * as z from "zod";
import { articleCategories, type ArticleCategory } from "../content/articles.js";

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

/**
 * A post's front matter (the rules of packages/shared/content/blog/README.md). Unknown fields are refused,
 * so a misspelt optional field (`udpated`) is reported instead of silently ignored.
 */
export const blogFrontMatterSchema = z.strictObject({
  title: z
    .string({ error: "is required, as text in quotes" })
    .trim()
    .min(1, { error: "is required" })
    .max(120, {
      error: "must be at most 120 characters",
    }),
  slug: z.string({ error: "is required, as text in quotes" }).regex(blogSlugPattern, {
    error: "must be lower-case letters, digits and single hyphens (kebab-case)",
  }),
  date: isoDate,
  updated: isoDate.optional(),
  author: z.string({ error: "is required: the id of an expert, such as amani-njoroge" }).min(1),
  category: z.enum(articleCategories, {
    error: `must be one of ${articleCategories.join(", ")}`,
  }),
  summary: z
    .string({ error: "is required, as text in quotes" })
    .trim()
    .min(1, { error: "is required" })
    .max(200, {
      error: "must be at most 200 characters",
    }),
  tags: z
    .array(
      z
        .string({ error: "must be text" })
        .trim()
        .min(1, { error: "must not be empty" })
        .max(40, { error: "must be at most 40 characters" })
        .refine((tag) => tag === tag.toLowerCase(), { error: "must be lower case" }),
      { error: 'must be a list such as ["saccos", "governance"]' },
    )
    .min(2, { error: "must list two to four tags" })
    .max(4, { error: "must list two to four tags" }),
  cover: z.enum(blogCovers, { error: `must be one of ${blogCovers.join(", ")}` }).optional(),
});

export type BlogFrontMatter = z.infer<typeof blogFrontMatterSchema>;

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
}

/** A post's body, rendered to safe HTML at build time, and its headings (the table of contents). */
export interface BlogPostBody {
  html: string;
  headings: readonly BlogHeading[];
}

export type BlogPost = BlogPostSummary & BlogPostBody;

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
