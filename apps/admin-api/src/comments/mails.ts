import { escapeHtml } from "@site/shared/html";
import { blogPaths, type BlogPostSummary } from "@site/shared/blog";
import { localeNames, trimTrailingSlashes, type Locale } from "@site/shared/i18n";
import type { NewMail } from "../ports/store.js";
import type { ModerationDecision, ModerationLinks } from "./moderation-links.js";
import { commentsPaths } from "@site/shared/office/constants";
import { htmlDocument } from "../mail/html-document.js";
import { oneLine, type MailIdentity } from "../mail/templates.js";

export interface CommentDetails {
  name: string;
  email: string;
  text: string;
  /** The language of the post's page the comment was sent from (the firm's mail names it). */
  locale: Locale;
}

const linkLabels: Record<ModerationDecision, string> = {
  approved: "Approve",
  rejected: "Reject",
  spam: "Mark as spam",
};

/**
 * The firm's notification about a new comment: the post, the name, the address (for the firm only) and
 * the text, every one escaped, with the three signed links (approve, reject, mark as spam; 14 days). Each
 * link opens a page that shows the comment and asks to confirm: nothing changes by opening it; the
 * office's queue of the post's pending comments is linked too. It goes to the firm's inbox only; nothing
 * is ever mailed to the commenter.
 */
export function commentNotificationMail(
  comment: CommentDetails,
  commentId: string,
  post: Pick<BlogPostSummary, "slug" | "title">,
  { identity, links }: { identity: MailIdentity; links: ModerationLinks },
): NewMail {
  const postUrl = `${trimTrailingSlashes(identity.siteUrl)}${blogPaths.post(post.slug)}`;
  const name = oneLine(comment.name);
  const subject = oneLine(`New comment to moderate on "${post.title}" from ${name}`);
  // The office's queue of this post's pending comments (a staff session decides there, many at once).
  const queueUrl = `${trimTrailingSlashes(identity.siteUrl)}${commentsPaths.queue}?status=pending&post=${encodeURIComponent(post.slug)}`;
  const urls = (["approved", "rejected", "spam"] as const).map(
    (decision) => [decision, links.url(commentId, decision)] as const,
  );
  const text = [
    `A new comment is waiting for moderation on "${post.title}".`,
    "",
    `Post: ${postUrl}`,
    `Name: ${name}`,
    `Email (never shown on the site): ${oneLine(comment.email)}`,
    `Language: ${localeNames[comment.locale].english}`,
    "",
    ...comment.text.split(/\r\n|\r|\n/).map((line) => `> ${line}`),
    "",
    ...urls.map(([decision, url]) => `${linkLabels[decision]}: ${url}`),
    "",
    "Each link opens a page that asks you to confirm; the links work for 14 days.",
    `Or decide it in the office's comment queue (a decision there makes these links say so): ${queueUrl}`,
    `Comment id (for the operator command): ${commentId}`,
  ].join("\n");
  const html = htmlDocument(
    subject,
    [
      `<p>A new comment is waiting for moderation on <a href="${escapeHtml(postUrl)}">${escapeHtml(post.title)}</a>.</p>`,
      "<table>",
      `<tr><th align="left">Name</th><td>${escapeHtml(name)}</td></tr>`,
      `<tr><th align="left">Email (never shown on the site)</th><td>${escapeHtml(oneLine(comment.email))}</td></tr>`,
      `<tr><th align="left">Language</th><td>${escapeHtml(localeNames[comment.locale].english)}</td></tr>`,
      "</table>",
      `<blockquote style="margin: 1em 0; padding-left: 1em; border-left: 3px solid #ccc; white-space: pre-wrap;">${escapeHtml(comment.text)}</blockquote>`,
      `<p>${urls
        .map(
          ([decision, url]) =>
            `<a href="${escapeHtml(url)}">${escapeHtml(linkLabels[decision])}</a>`,
        )
        .join(" &middot; ")}</p>`,
      "<p>Each link opens a page that asks you to confirm; the links work for 14 days.</p>",
      `<p>Or decide it in <a href="${escapeHtml(queueUrl)}">the office's comment queue</a> (a decision there makes these links say so).</p>`,
      `<p>Comment id (for the operator command): ${escapeHtml(commentId)}</p>`,
    ].join("\n"),
  );
  return {
    message: { to: identity.contactInbox, subject, text, html },
    meta: { kind: "comment-notification", commentId },
  };
}
