import { Link } from "react-router";
import { blogPaths, type BlogPostSummary } from "@site/shared/blog";
import { expertById } from "@site/shared/content";
import { formatDate } from "../../lib/format";
import { useLocale, useMessages } from "../../i18n/messages";
import { ServiceIllustration } from "../../illustrations/service-illustration";

/**
 * One post as a card. The title is the card's only link and its ::after covers the card, so the whole
 * card is clickable while the link's accessible name is exactly its visible text, the title (WCAG 2.5.3,
 * Label in Name); tag, summary, author, date and reading time stay ordinary text around it.
 */
export function BlogPostCard({
  post,
  headingLevel = 2,
}: {
  post: BlogPostSummary;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const author = expertById(post.author)?.name ?? post.author;
  const { blogMessages, categoryNames } = useMessages();
  const locale = useLocale();
  // Posts are written in English: their title and summary say so on a French or Swahili page.
  const postLang = locale === "en" ? undefined : "en";
  return (
    <article className="blog-card">
      <div className="blog-card__art">
        <ServiceIllustration kind={post.cover} />
      </div>
      <div className="blog-card__body">
        <p className="blog-card__tag">{categoryNames[post.category]}</p>
        <Heading className="blog-card__title" lang={postLang}>
          <Link to={blogPaths.post(post.slug)} className="blog-card__link">
            {post.title}
          </Link>
        </Heading>
        <p className="blog-card__summary" lang={postLang}>
          {post.summary}
        </p>
        <p className="blog-card__meta">
          <span>{author}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={post.date}>{formatDate(post.date, locale)}</time>
          <span aria-hidden="true"> · </span>
          <span>{blogMessages.readingTime(post.readingMinutes)}</span>
        </p>
      </div>
    </article>
  );
}

/** Cards in a responsive grid (three, two or one columns). */
export function BlogPostGrid({
  posts,
  headingLevel,
}: {
  posts: readonly BlogPostSummary[];
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="blog-grid">
      {posts.map((post) => (
        <li key={post.slug}>
          <BlogPostCard post={post} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
