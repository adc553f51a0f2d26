import { useLocation } from "react-router";
import {
  articleCategoryFromSlug,
  articlesInCategory,
  thoughtLeadershipPaths,
  type ArticleCategory,
} from "@site/shared/content";
import { ThoughtLeadership } from "../features/thought-leadership";
import { useContent } from "../i18n/content";
import { useMessages } from "../i18n/messages";
import { seo, siteSeo, type PageInfo } from "../lib/seo";

/** The category a path shows: /thought-leadership/category/banking is BANKING, /thought-leadership all (null). */
function categoryAt(path: string): ArticleCategory | null {
  const slug = /^\/thought-leadership\/category\/([^/]+)\/?$/.exec(path)?.[1];
  return slug === undefined ? null : (articleCategoryFromSlug(slug) ?? null);
}

type Text = Pick<PageInfo, "content" | "messages">;

/** A view's own title: the page's, or "Banking | Thought Leadership" for a category. */
function viewTitle(category: ArticleCategory | null, { content, messages }: Text): string {
  const route = content.routes.find((candidate) => candidate.id === "thought-leadership");
  if (!route) throw new Error("The route table has no thought-leadership");
  return category === null
    ? route.title
    : `${messages.categoryNames[category]} | ${messages.thoughtLeadershipMessages.heading}`;
}

/** The whole document title of a view, as seo() writes it into <title>. */
const documentTitle = (category: ArticleCategory | null, text: Text) =>
  `${viewTitle(category, text)} | ${siteSeo(text.content).siteName}`;

export const meta = (page: PageInfo) => {
  const { path = thoughtLeadershipPaths.index, locale, content } = page;
  const route = content.routes.find((candidate) => candidate.id === "thought-leadership");
  if (!route) throw new Error("The route table has no thought-leadership");
  const category = categoryAt(path);
  return seo(
    {
      title: viewTitle(category, page),
      description: route.description,
      path: category === null ? route.path : path,
      locale,
      // A category without articles is a real page (the filter links to it) but nothing to find in search.
      noindex: category !== null && articlesInCategory(category).length === 0,
    },
    siteSeo(content),
  );
};

/** /thought-leadership and each /thought-leadership/category/<category>: the same page, filtered by the path. */
export default function ThoughtLeadershipPage() {
  // The router's location is the path within the page's language (its basename is /fr or /sw).
  const { pathname } = useLocation();
  const text = { content: useContent(), messages: useMessages() };
  return (
    <ThoughtLeadership
      category={categoryAt(pathname)}
      titles={(category) => documentTitle(category, text)}
    />
  );
}
