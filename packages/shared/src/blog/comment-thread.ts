import { commentMessages } from "../messages/index.js";
import { intlLocales } from "../i18n/index.js";
import { escapeHtml, escapeLines } from "../html/index.js";

/**
 * The approved comments under a post, as HTML. One renderer for both sides: the web prerenders it empty
 * inside the post page's comment slot, and the API renders it with the approved comments into that slot
 * of the prerendered file as it serves the page (readable without JavaScript, no rebuild needed).
 * Everything a commenter wrote is escaped and shown as plain text: line breaks kept, no live links.
 */
export interface ThreadComment {
  id: string;
  name: string;
  text: string;
  createdAt: Date;
}

/** The attribute marking the slot's element; the API replaces that element, content and all. */
export const commentThreadAttribute = "data-comment-thread";

/** The slot's opening tag as it appears in the prerendered page (no nested `<div>` inside it). */
export const commentThreadOpenTag = `<div class="comment-thread" ${commentThreadAttribute}="">`;

/** The words of a thread in one language: English unless a page in another language asks. */
export interface ThreadLanguage {
  /** A BCP 47 tag for the dates: "en-GB", "fr", "sw-KE". */
  dateLocale: string;
  messages: Pick<typeof commentMessages, "empty" | "count">;
}
const english: ThreadLanguage = { dateLocale: intlLocales.en, messages: commentMessages };

/** The day, as the blog shows dates (in Nairobi's time zone, where the firm works). */
const dayFormat = (dateLocale: string) =>
  new Intl.DateTimeFormat(dateLocale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Africa/Nairobi",
  });

/** The inside of the slot: the count and the comments oldest first, or the empty state. */
export function commentThreadInnerHtml(
  comments: readonly ThreadComment[],
  language: ThreadLanguage = english,
): string {
  const { messages: commentMessages } = language;
  const days = dayFormat(language.dateLocale);
  if (comments.length === 0)
    return `<p class="comment-thread__empty">${escapeHtml(commentMessages.empty)}</p>`;
  const items = comments.map(
    (comment) =>
      `<li class="comment" id="comment-${escapeHtml(comment.id)}">` +
      `<p class="comment__meta"><span class="comment__name">${escapeHtml(comment.name)}</span> ` +
      `<time datetime="${comment.createdAt.toISOString()}">${escapeHtml(days.format(comment.createdAt))}</time></p>` +
      `<p class="comment__text">${escapeLines(comment.text)}</p></li>`,
  );
  return (
    `<p class="comment-thread__count">${escapeHtml(commentMessages.count(comments.length))}</p>` +
    `<ol class="comment-list">${items.join("")}</ol>`
  );
}

/** The whole slot element. */
export function commentThreadHtml(
  comments: readonly ThreadComment[],
  language: ThreadLanguage = english,
): string {
  return `${commentThreadOpenTag}${commentThreadInnerHtml(comments, language)}</div>`;
}
