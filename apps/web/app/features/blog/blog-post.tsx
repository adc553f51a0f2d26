import type { ReactNode } from "react";
import { Link } from "../../components/ui/site-link";
import {
  blogPaths,
  postBody,
  postLanguages,
  postText,
  type BlogPostBodies,
  type BlogPostSummary,
} from "@site/shared/blog";
import { localeNames, localePath } from "@site/shared/i18n";
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
  /** The post's bodies: the English and its translations'. */
  bodies: BlogPostBodies;
  /** The post's absolute address, for the share links. */
  url: string;
  related: readonly BlogPostSummary[];
  /** What follows the post before its related posts (the route puts the comments there). */
  afterArticle?: ReactNode;
}

/**
 * A post: its header (category, title, byline, dates, reading time, the languages it is in), a table of
 * contents when it is long, the body rendered at build time (packages/shared/src/blog), share links and
 * related posts. A page shows the post's translation into its language when there is one, else the
 * English, marked as English and saying so.
 */
export function BlogPostArticle({
  post,
  bodies,
  url,
  related,
  afterArticle,
}: BlogPostArticleProps) {
  const { blogMessages, categoryNames } = useMessages();
  const locale = useLocale();
  const text = postText(post, locale);
  const body = postBody(bodies, text.lang);
  const postLang = text.lang === locale ? undefined : text.lang;
  // The other languages the post itself is written in, each a plain link to its page (another basename).
  const otherLanguages = postLanguages(post).filter((language) => language !== text.lang);
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
            {text.title}
          </h1>
          <p className="post__summary" lang={postLang}>
            {text.summary}
          </p>
          {/* Words and the space after them as one string: React writes <!-- --> between text pieces. */}
          <p className="post__meta">
            <span>
              {`${blogMessages.by} `}
              <Link to={expertHref(post.author)}>{author?.name ?? post.author}</Link>
            </span>
            <span aria-hidden="true"> · </span>
            <span>
              {`${blogMessages.published} `}
              <time dateTime={post.date}>{formatDate(post.date, locale)}</time>
            </span>
            {post.updated ? (
              <>
                <span aria-hidden="true"> · </span>
                <span>
                  {`${blogMessages.updated} `}
                  <time dateTime={post.updated}>{formatDate(post.updated, locale)}</time>
                </span>
              </>
            ) : null}
            <span aria-hidden="true"> · </span>
            <span>{blogMessages.readingTime(text.readingMinutes)}</span>
          </p>
          {postLang ? <p className="post__language">{blogMessages.writtenInEnglish}</p> : null}
          {text.translated ? (
            <p className="post__language">{blogMessages.translatedFromEnglish}</p>
          ) : null}
          {otherLanguages.length > 0 ? (
            <p className="post__language post__languages">
              {`${blogMessages.alsoIn} `}
              {otherLanguages.map((language, index) => (
                <span key={language}>
                  {index > 0 ? ", " : null}
                  <a
                    href={localePath(language, blogPaths.post(post.slug))}
                    hrefLang={language}
                    lang={language}
                  >
                    {localeNames[language].native}
                  </a>
                </span>
              ))}
            </p>
          ) : null}
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
            {shareLinks(url, text.title).map((link) => (
              <li key={link.network}>
                <a href={link.href} target="_blank" rel="noopener noreferrer external">
                  {link.network}
                  <span className="visually-hidden">
                    {` (${blogMessages.shareOn(link.network)}, ${blogMessages.opensInNewTab})`}
                  </span>
                </a>
              </li>
            ))}
            <li>
              <a href={emailShareLink(url, text.title)}>
                {blogMessages.emailLabel}
                <span className="visually-hidden">{` (${blogMessages.shareByEmail})`}</span>
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
            <BlogPostGrid posts={related} headingLevel={3} compact />
          </div>
        </section>
      ) : null}
    </>
  );
}
