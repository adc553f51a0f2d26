import { firm } from "./firm.js";
import type { Article } from "./types.js";

/** The Thought Leadership filter's categories, in the spec's order (the page puts 'All Projects' first). */
export const articleCategories = [
  "ECONOMY",
  "MANAGEMENT",
  "GEOPOLITICS",
  "STRATEGY",
  "BANKING",
  "INSURANCE",
  "TELECOM",
  "PAYMENTS",
  "TOURISM",
  "EDUCATION",
] as const;

export type ArticleCategory = (typeof articleCategories)[number];

/** The outlets that carried the founder's articles, and where their pieces live. */
const outlets = {
  star: { name: "The Star Kenya", baseUrl: "https://www.the-star.co.ke/opinion" },
  businessDaily: { name: "Business Daily Africa", baseUrl: "https://www.businessdailyafrica.com/bd/opinion-analysis" },
  wallStreet: { name: "The Kenyan Wall Street", baseUrl: "https://kenyanwallstreet.com" },
  africaReport: { name: "The Africa Report", baseUrl: "https://www.theafricareport.com/analysis" },
  reporter: { name: "The Reporter Ethiopia", baseUrl: "https://www.thereporterethiopia.com" },
} as const;

type OutletKey = keyof typeof outlets;

/** A URL slug from a title: lower case, ASCII letters and digits, single hyphens; apostrophes vanish. */
export function slugify(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['\u2019]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

// Each article is written once as (date, category, outlet, title); link, author and outlet name follow from it.
function article(date: string, category: ArticleCategory, outlet: OutletKey, title: string): Article {
  const { name, baseUrl } = outlets[outlet];
  return { title, author: firm.founderName, category, date, link: `${baseUrl}/${slugify(title)}`, description: name };
}

/**
 * The founder's 29 published articles, newest first. EDUCATION deliberately has none yet, so the page's
 * 'No articles found.' state is real rather than theoretical.
 */
export const articles: readonly Article[] = [
  article("2025-08-28", "ECONOMY", "businessDaily", "Debt Service Should Shape Every Line of Kenya's Budget"),
  article("2025-08-22", "PAYMENTS", "wallStreet", "Interoperable Mobile Money Is the Next Test for East Africa's Payment Rails"),
  article("2025-08-16", "GEOPOLITICS", "africaReport", "Africa's Critical Minerals Give It Leverage It Has Yet to Use"),
  article("2025-08-11", "BANKING", "star", "Risk-Based Lending Must Finally Reach Kenya's Small Borrowers"),
  article("2025-08-05", "STRATEGY", "businessDaily", "Family Businesses Need Succession Plans Before They Need Successors"),
  article("2025-07-30", "TOURISM", "star", "Kenya's Tourism Recovery Needs Higher-Value Visitors, Not Just More Arrivals"),
  article("2025-07-24", "ECONOMY", "reporter", "Ethiopia's Floating Birr One Year On: Lessons for Exporters and Importers"),
  article("2025-07-18", "INSURANCE", "wallStreet", "Closing Africa's Insurance Gap Starts With Products People Understand"),
  article("2025-07-12", "MANAGEMENT", "businessDaily", "Boards Should Ask Harder Questions About Cyber and Digital Risk"),
  article("2025-07-07", "PAYMENTS", "africaReport", "PAPSS Needs Merchants and Traders, Not Just Central Banks"),
  article("2025-07-01", "GEOPOLITICS", "star", "What Shifting US Trade Policy Means for Kenya's AGOA Exporters"),
  article("2025-06-25", "ECONOMY", "star", "Finance Bill 2025: Raising Revenue Without Choking Growth"),
  article("2025-06-19", "TELECOM", "businessDaily", "Spectrum Pricing Will Decide How Fast 4G and 5G Reach Rural Africa"),
  article("2025-06-13", "BANKING", "reporter", "Opening Ethiopia's Banking Sector to Foreign Lenders: Risks and Rewards"),
  article("2025-06-07", "STRATEGY", "wallStreet", "SACCOs Must Rethink Strategy as Digital Lenders Court Their Members"),
  article("2025-06-02", "MANAGEMENT", "star", "State Corporations Need Performance Contracts With Real Consequences"),
  article("2025-05-27", "ECONOMY", "africaReport", "The AfCFTA Will Be Won or Lost at the Border Post"),
  article("2025-05-21", "PAYMENTS", "businessDaily", "Remittance Costs Are Still Too High for Africa's Diaspora"),
  article("2025-05-15", "GEOPOLITICS", "reporter", "Red Sea Tensions and the Horn of Africa's Trade Corridors"),
  article("2025-05-09", "BANKING", "wallStreet", "Higher Core Capital Rules Will Reshape Kenya's Smaller Banks"),
  article("2025-05-03", "TELECOM", "star", "Affordable Smartphones Are the Missing Link in Digital Inclusion"),
  article("2025-04-28", "INSURANCE", "businessDaily", "Climate Risk Is Rewriting the Economics of Agricultural Insurance"),
  article("2025-04-23", "STRATEGY", "africaReport", "Why African Corporates Should Plan in Scenarios, Not Single Forecasts"),
  article("2025-04-18", "TOURISM", "reporter", "Ethiopia's Tourism Potential Depends on Connectivity and Stability"),
  article("2025-04-14", "MANAGEMENT", "wallStreet", "Managing Through a Cost-of-Living Squeeze: A Playbook for Kenyan SMEs"),
  article("2025-04-11", "PAYMENTS", "star", "Fair Merchant Fees Will Take Cashless Payments Beyond the Cities"),
  article("2025-04-08", "GEOPOLITICS", "africaReport", "The East African Community at a Crossroads on Integration"),
  article("2025-04-05", "ECONOMY", "businessDaily", "Private Sector Credit Growth Is the Real Signal for Kenya's Recovery"),
  article("2025-04-02", "BANKING", "reporter", "Digital Banking Can Bring Ethiopia's Unbanked Into the Formal Economy"),
];

/** The URL segment of a category: "BANKING" is /thought-leadership/category/banking. */
export const articleCategorySlug = (category: ArticleCategory): string => category.toLowerCase();

/** The category a URL segment names (compared case-insensitively), or undefined. */
export function articleCategoryFromSlug(slug: string): ArticleCategory | undefined {
  const wanted = slug.trim().toLowerCase();
  return articleCategories.find((category) => articleCategorySlug(category) === wanted);
}

/**
 * The Thought Leadership filter's addresses: every choice is a page of its own, prerendered, so a
 * filter can be shared, bookmarked, kept by the back button and used without JavaScript.
 */
export const thoughtLeadershipPaths = {
  index: "/thought-leadership",
  category: (category: ArticleCategory) =>
    `/thought-leadership/category/${articleCategorySlug(category)}`,
} as const;

/** Each category's filtered view under /thought-leadership (which is in the shared route list). */
export const thoughtLeadershipSubpagePaths = (): string[] =>
  articleCategories.map((category) => thoughtLeadershipPaths.category(category));

/** Articles whose category matches, compared case-insensitively. 'All Projects' is the caller's concern. */
export function articlesInCategory(category: string, list: readonly Article[] = articles): readonly Article[] {
  const wanted = category.trim().toLowerCase();
  return list.filter((item) => item.category.toLowerCase() === wanted);
}
