import { Link } from "../../components/ui/site-link";
import { blogPaths, type BlogPostSummary } from "@site/shared/blog";
import { useMessages } from "../../i18n/messages";
import { SectionHeading } from "../../components/ui/section-heading";
import { BlogPostGrid } from "./post-card";
import "./blog.css";

/** The home page's strip: the three newest posts and a link to the blog. */
export function LatestPosts({ posts }: { posts: readonly BlogPostSummary[] }) {
  const { blogMessages } = useMessages();
  if (posts.length === 0) return null;
  return (
    <section className="section section--alt" aria-labelledby="latest-posts">
      <div className="container">
        <SectionHeading id="latest-posts" title={blogMessages.latest} />
        <BlogPostGrid posts={posts.slice(0, 3)} headingLevel={3} />
        <p className="blog-latest__action">
          <Link to={blogPaths.index} className="button button--ghost">
            {blogMessages.latestAction}
          </Link>
        </p>
      </div>
    </section>
  );
}
