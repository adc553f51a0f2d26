import type { Article } from "@site/shared/content";
import type { Locale } from "@site/shared/i18n";
import { useMessages } from "../../i18n/messages";
import { categoryLabel, formatArticleDate } from "./format";

/**
 * One article as a card. The whole card is a single link to the outlet, opened in a new tab. Its
 * accessible name is its content: every visible word (tag, title, outlet, author, date) and then
 * "(opens in a new tab)", so what a speech-input user reads on the card names the link (WCAG 2.5.3,
 * Label in Name). `visually-hidden` is the global utility in styles/base.css.
 */
export function ArticleCard({ article, locale = "en" }: { article: Article; locale?: Locale }) {
  const { thoughtLeadershipMessages, categoryNames } = useMessages();
  // The articles are in English: on a French or Swahili page their titles are marked so.
  const articleLang = locale === "en" ? undefined : "en";
  return (
    <a className="tl-card" href={article.link} target="_blank" rel="noopener noreferrer">
      <span className="tl-card__tag">{categoryLabel(article.category, categoryNames)}</span>
      <h2 className="tl-card__title" lang={articleLang}>
        {article.title}
      </h2>
      <p className="tl-card__outlet">{article.description}</p>
      <p className="tl-card__meta">
        <span className="tl-card__author">{article.author}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={article.date}>{formatArticleDate(article.date, locale)}</time>
      </p>
      <span className="tl-card__arrow" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <path
            d="M7 17L17 7M9 7h8v8"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <span className="visually-hidden">{` ${thoughtLeadershipMessages.opensInNewTab}`}</span>
    </a>
  );
}
