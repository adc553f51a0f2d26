import { useLocation } from "react-router";
import { blogCategoryFromSlug, blogPaths } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { routeById, type ArticleCategory } from "@site/shared/content";
import { blogMessages } from "@site/shared/messages";
import { BlogIndex } from "../features/blog";
import { categoryLabel } from "../lib/format";
import { seo } from "../lib/seo";

/** The category a path shows: /blog/category/banking is BANKING, /blog is all (null). */
function categoryAt(path: string): ArticleCategory | null {
  const slug = /^\/blog\/category\/([^/]+)\/?$/.exec(path)?.[1];
  return slug === undefined ? null : (blogCategoryFromSlug(slug) ?? null);
}

export const meta = (path: string = blogPaths.index) => {
  const route = routeById("blog");
  const category = categoryAt(path);
  if (category === null)
    return seo({ title: route.title, description: route.description, path: route.path });
  const label = categoryLabel(category);
  const count = blogPosts.filter((post) => post.category === category).length;
  return seo({
    title: `${label} | ${blogMessages.heading}`,
    description: `${blogMessages.summary(count, label)} on our blog: practical notes for boards, managers and programme leaders on ${label.toLowerCase()}.`,
    path,
    // A category without posts is a real page (the filter links to it) but nothing to find in search.
    noindex: count === 0,
  });
};

/** /blog and each /blog/category/<category>: the same list, filtered by the path. */
export default function BlogPage() {
  const { pathname } = useLocation();
  return <BlogIndex posts={blogPosts} category={categoryAt(pathname)} />;
}
