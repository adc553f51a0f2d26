import { Link } from "../../components/ui/site-link";
import { blogPaths, type BlogPostSummary } from "@site/shared/blog";
import { articleCategories, type ArticleCategory } from "@site/shared/content";
import { useMessages } from "../../i18n/messages";
import { PageHero } from "../../components/ui/page-hero";
import { BlogPostGrid } from "./post-card";
import "./blog.css";

export interface BlogIndexProps {
  /** Every post, newest first. */
  posts: readonly BlogPostSummary[];
  /** The category shown, or null for all posts. */
  category: ArticleCategory | null;
}

/**
 * The blog's list: the heading, the category filter and the cards. The filter is a row of plain links
 * to prerendered pages (/blog/category/banking), so it works without JavaScript, each view has its own
 * address to share or bookmark, and the page runs no script at all.
 */
export function BlogIndex({ posts, category }: BlogIndexProps) {
  const { blogMessages, categoryNames } = useMessages();
  const visible = category === null ? posts : posts.filter((post) => post.category === category);
  const filters: { label: string; href: string; current: boolean }[] = [
    { label: blogMessages.allFilter, href: blogPaths.index, current: category === null },
    ...articleCategories.map((each) => ({
      label: categoryNames[each],
      href: blogPaths.category(each),
      current: each === category,
    })),
  ];
  return (
    <>
      <PageHero title={blogMessages.heading} lead={blogMessages.subtitle} />
      <div className="container blog">
        <nav className="blog__filters" aria-label={blogMessages.filterLabel}>
          <ul>
            {filters.map((filter) => (
              <li key={filter.href}>
                <Link
                  to={filter.href}
                  className="blog__filter"
                  aria-current={filter.current ? "page" : undefined}
                >
                  {filter.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {visible.length > 0 ? (
          <>
            <p className="blog__summary">
              {blogMessages.summary(
                visible.length,
                category === null ? null : categoryNames[category],
              )}
            </p>
            <BlogPostGrid posts={visible} />
          </>
        ) : (
          <div className="blog__empty">
            <p>{blogMessages.empty}</p>
            <Link to={blogPaths.index} className="button button--primary">
              {blogMessages.emptyAction}
            </Link>
          </div>
        )}
        <p className="blog__feed">
          <a href={blogPaths.feed} type="application/atom+xml">
            {blogMessages.feed}
          </a>
        </p>
      </div>
    </>
  );
}
