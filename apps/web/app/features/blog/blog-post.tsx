import type { ReactNode } from "react";
import { Link } from "react-router";
import { blogPaths, type BlogPostBody, type BlogPostSummary } from "@site/shared/blog";
import { expertById, expertHref } from "@site/shared/content";
import { formatDate } from "../../lib/format";
import { useLocale, useMessages } from "../../i18n/messages";
import { BlogPostGrid } from "./post-card";
import { emailShareLink, shareLinks } from "./share-links";
import "./blog.css";

/** A post gets a table of contents from this many h2 headings up. */
export const tocMinHeadings = 4;

export interface BlogPostArticleProps {
  post: BlogPostSummary;
  body: BlogPostBody;
  /** The post's absolute address, for the share links. */
  url: string;
  related: readonly BlogPostSummary[];
  /** What follows the post before its related posts (the route puts the comments there). */
  afterArticle?: ReactNode;
}

/**
 * A post: its header (category, title, byline, dates, reading time), a table of contents when it is
 * long, the body rendered at build time (packages/shared/src/blog), share links and related posts.
 */
export function BlogPostArticle({ post, body, url, related, afterArticle }: BlogPostArticleProps) {
  const { blogMessages, categoryNames } = useMessages();
  const locale = useLocale();
  // Posts are written in English: on a French or Swahili page their words are marked as English.
  const postLang = locale === "en" ? undefined : "en";
  const author = expertById(post.author);
  const sections = body.headings.filter((heading) => heading.level === 2);
  return (
    <>
      <article className="container post" aria-labelledby="post-title">
        <header className="post__header">
          <p className="post__category">
            <Link to={blogPaths.category(post.category)}>{categoryNames[post.category]}</Link>
          </p>
          <h1 id="post-title" className="post__title" lang={postLang}>
            {post.title}
          </h1>
          <p className="post__summary" lang={postLang}>
            {post.summary}
          </p>
          <p className="post__meta">
            <span>
              {blogMessages.by}{" "}
              <Link to={expertHref(post.author)}>{author?.name ?? post.author}</Link>
            </span>
            <span aria-hidden="true"> · </span>
            <span>
              {blogMessages.published}{" "}
              <time dateTime={post.date}>{formatDate(post.date, locale)}</time>
            </span>
            {post.updated ? (
              <>
                <span aria-hidden="true"> · </span>
                <span>
                  {blogMessages.updated}{" "}
                  <time dateTime={post.updated}>{formatDate(post.updated, locale)}</time>
                </span>
              </>
            ) : null}
            <span aria-hidden="true"> · </span>
            <span>{blogMessages.readingTime(post.readingMinutes)}</span>
          </p>
          {postLang ? <p className="post__language">{blogMessages.writtenInEnglish}</p> : null}
        </header>

        {sections.length >= tocMinHeadings ? (
          <nav className="post__toc" aria-labelledby="post-toc">
            <h2 id="post-toc" className="post__toc-heading">
              {blogMessages.contents}
            </h2>
            <ol lang={postLang}>
              {sections.map((heading) => (
                <li key={heading.id}>
                  <a href={`#${heading.id}`}>{heading.text}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}

        {/* Rendered from Markdown at build time with raw HTML off and only safe links (shared/src/blog). */}
        <div
          className="post__body prose-flow"
          lang={postLang}
          dangerouslySetInnerHTML={{ __html: body.html }}
        />

        <footer className="post__share">
          <h2 className="post__share-heading">{blogMessages.share}</h2>
          <ul>
            {shareLinks(url, post.title).map((link) => (
              <li key={link.network}>
                <a href={link.href} target="_blank" rel="noopener noreferrer external">
                  {link.network}
                  <span className="visually-hidden">
                    {" "}
                    ({blogMessages.shareOn(link.network)}, {blogMessages.opensInNewTab})
                  </span>
                </a>
              </li>
            ))}
            <li>
              <a href={emailShareLink(url, post.title)}>
                {blogMessages.emailLabel}
                <span className="visually-hidden"> ({blogMessages.shareByEmail})</span>
              </a>
            </li>
          </ul>
        </footer>
      </article>

      {afterArticle}

      {related.length > 0 ? (
        <section className="section section--alt" aria-labelledby="related-posts">
          <div className="container">
            <h2 id="related-posts" className="blog-related__heading">
              {blogMessages.related}
            </h2>
            <BlogPostGrid posts={related} headingLevel={3} />
          </div>
        </section>
      ) : null}
    </>
  );
}
