import { Link } from "../../components/ui/site-link";
import { blogPaths, postText, type BlogPostSummary } from "@site/shared/blog";
import { expertById } from "@site/shared/content";
import { formatDate } from "../../lib/format";
import { useLocale, useMessages } from "../../i18n/messages";
import { ServiceIllustration } from "../../illustrations/service-illustration";

/**
 * One post as a card. The title is the card's only link and its ::after covers the card, so the whole
 * card is clickable while the link's accessible name is exactly its visible text, the title (WCAG 2.5.3,
 * Label in Name); tag, summary, author, date and reading time stay ordinary text around it.
 *
 * A compact card (a post's related posts, below its comments) has no drawing and no summary: on the
 * longest translated posts those were the bytes that took the page past the first flight of TCP, a
 * second round trip before the first paint (docs/architecture.md, "A post in one flight").
 */
export function BlogPostCard({
  post,
  headingLevel = 2,
  compact = false,
}: {
  post: BlogPostSummary;
  headingLevel?: 2 | 3;
  compact?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const author = expertById(post.author)?.name ?? post.author;
  const { blogMessages, categoryNames } = useMessages();
  const locale = useLocale();
  // The post's own words in the page's language when it is translated, else in English, marked as such.
  const text = postText(post, locale);
  const postLang = text.lang === locale ? undefined : text.lang;
  return (
    <article className="blog-card">
      {compact ? null : (
        <div className="blog-card__art">
          <ServiceIllustration kind={post.cover} />
        </div>
      )}
      <div className="blog-card__body">
        <p className="blog-card__tag">{categoryNames[post.category]}</p>
        <Heading className="blog-card__title" lang={postLang}>
          <Link to={blogPaths.post(post.slug)} className="blog-card__link">
            {text.title}
          </Link>
        </Heading>
        {compact ? null : (
          <p className="blog-card__summary" lang={postLang}>
            {text.summary}
          </p>
        )}
        <p className="blog-card__meta">
          <span>{author}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={post.date}>{formatDate(post.date, locale)}</time>
          <span aria-hidden="true"> · </span>
          <span>{blogMessages.readingTime(text.readingMinutes)}</span>
        </p>
      </div>
    </article>
  );
}

/** Cards in a responsive grid (three, two or one columns). */
export function BlogPostGrid({
  posts,
  headingLevel,
  compact,
}: {
  posts: readonly BlogPostSummary[];
  headingLevel?: 2 | 3;
  compact?: boolean;
}) {
  return (
    <ul className="blog-grid">
      {posts.map((post) => (
        <li key={post.slug}>
          <BlogPostCard post={post} headingLevel={headingLevel} compact={compact} />
        </li>
      ))}
    </ul>
  );
}
