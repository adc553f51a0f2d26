import { useLocation } from "react-router";
import { localePath, trimTrailingSlashes } from "@site/shared/i18n";
import { useLocale } from "../i18n/messages";
import {
  blogPaths,
  postLanguages,
  postText,
  relatedPosts,
  type BlogPostSummary,
} from "@site/shared/blog";
import { blogPostBodies, blogPosts } from "@site/shared/blog/posts";
import { CommentForm, CommentFormStartedField, CommentSection } from "../features/comments";
import { NewsletterBlock } from "../features/newsletter";
import { BlogPostArticle } from "../features/blog";
import { blogPostingJsonLd, defaultSite, seo, siteSeo, type PageInfo } from "../lib/seo";

/** The post at a path /blog/<slug>. The route table only maps existing posts' paths to this page. */
function postAt(path: string): BlogPostSummary {
  const slug = trimTrailingSlashes(path.replace(/^\/blog\//, ""));
  const post = blogPosts.find((candidate) => candidate.slug === slug);
  if (!post) throw new Error(`No blog post at ${path}`);
  return post;
}

export const meta = ({ path, locale, content, messages }: PageInfo) => {
  const post = postAt(path);
  const text = postText(post, locale);
  return seo(
    {
      title: text.title,
      description: text.summary,
      path: blogPaths.post(post.slug),
      locale,
      article: {
        publishedTime: post.date,
        ...(post.updated ? { modifiedTime: post.updated } : {}),
        section: messages.categoryNames[post.category],
      },
    },
    siteSeo(content),
  );
};

export const jsonLd = ({ path, locale, messages }: PageInfo) => {
  const post = postAt(path);
  return blogPostingJsonLd({
    ...post,
    ...postText(post, locale),
    // The section as the page names it (its article:section tag), not the category's key.
    category: messages.categoryNames[post.category],
    locale,
    languages: postLanguages(post),
  });
};

export const islands = [CommentForm, NewsletterBlock];

/** The comment form's start time, last in the body: the part of the page the API fills per answer. */
export const EndOfBody = CommentFormStartedField;

export default function BlogPostPage() {
  const post = postAt(useLocation().pathname);
  const locale = useLocale();
  const bodies = blogPostBodies[post.slug];
  if (!bodies) throw new Error(`The blog build has no body for ${post.slug}`);
  return (
    <>
      <BlogPostArticle
        post={post}
        bodies={bodies}
        url={`${defaultSite.siteUrl}${localePath(locale, blogPaths.post(post.slug))}`}
        related={relatedPosts(post, blogPosts, locale)}
        afterArticle={<CommentSection post={post.slug} />}
      />
      <NewsletterBlock />
    </>
  );
}
