import { useLocation } from "react-router";
import { blogCategoryFromSlug, blogPaths } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import type { ArticleCategory } from "@site/shared/content";
import { BlogIndex } from "../features/blog";
import { seo, siteSeo, type PageInfo } from "../lib/seo";

/** The category a path shows: /blog/category/banking is BANKING, /blog is all (null). */
function categoryAt(path: string): ArticleCategory | null {
  const slug = /^\/blog\/category\/([^/]+)\/?$/.exec(path)?.[1];
  return slug === undefined ? null : (blogCategoryFromSlug(slug) ?? null);
}

export const meta = ({ path = blogPaths.index, locale, content, messages }: PageInfo) => {
  const route = content.routes.find((candidate) => candidate.id === "blog");
  if (!route) throw new Error("The route table has no blog");
  const category = categoryAt(path);
  const site = siteSeo(content);
  if (category === null)
    return seo(
      { title: route.title, description: route.description, path: route.path, locale },
      site,
    );
  const label = messages.categoryNames[category];
  const count = blogPosts.filter((post) => post.category === category).length;
  return seo(
    {
      title: `${label} | ${messages.blogMessages.heading}`,
      description: messages.blogMessages.categoryDescription(
        count,
        label,
        label.toLocaleLowerCase(locale),
      ),
      path,
      locale,
      // A category without posts is a real page (the filter links to it) but nothing to find in search.
      noindex: count === 0,
    },
    site,
  );
};

/** /blog and each /blog/category/<category>: the same list, filtered by the path. */
export default function BlogPage() {
  // The router's location is the path within the page's language (its basename is /fr or /sw).
  const { pathname } = useLocation();
  return <BlogIndex posts={blogPosts} category={categoryAt(pathname)} />;
}
