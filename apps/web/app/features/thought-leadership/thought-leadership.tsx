import { Link } from "../../components/ui/site-link";
import {
  articleCategories,
  articleCategorySlug,
  articles as allArticles,
  articlesInCategory,
  thoughtLeadershipPaths,
  type Article,
  type ArticleCategory,
} from "@site/shared/content";
import { useLocale, useMessages } from "../../i18n/messages";
import { ArticleCard } from "./article-card";
import { categoryLabel } from "./format";
import { noPrefetchAttribute } from "../../lib/prefetch";
import { filterAttributes } from "./filter";
import "./thought-leadership.css";

export interface ThoughtLeadershipProps {
  /** The articles to show; the shared list by default (tests may pass their own). */
  articles?: readonly Article[];
  /** The filter's choices after 'All Projects', in order; the spec's ten categories by default. */
  categories?: readonly ArticleCategory[];
  /** The category this page shows (its address, /thought-leadership/category/banking), or null for all. */
  category?: ArticleCategory | null;
  /** The document title of each view, by category (null: all), so the filter can set it as it switches. */
  titles?: (category: ArticleCategory | null) => string;
}

/**
 * The Thought Leadership page body: heading, subtitle, the category filter and the card grid.
 *
 * The filter is a row of links, one prerendered page per choice (/thought-leadership/category/banking),
 * so a choice has an address to share or bookmark, Back returns to the previous one, and it works
 * without JavaScript. Every view holds every card, those of other categories `hidden`, and each link
 * carries the summary and title of its view: the page's one script (filter.ts, plain DOM code) then
 * answers a tap at once by showing and hiding cards and writing the address, with no code to fetch.
 */
export function ThoughtLeadership({
  articles = allArticles,
  categories = articleCategories,
  category = null,
  titles,
}: ThoughtLeadershipProps) {
  const { thoughtLeadershipMessages, categoryNames } = useMessages();
  const locale = useLocale();
  const countIn = (each: string | null) =>
    each === null ? articles.length : articlesInCategory(each, articles).length;
  const summary = (each: ArticleCategory | null) => {
    const count = countIn(each);
    return count === 0
      ? thoughtLeadershipMessages.empty
      : thoughtLeadershipMessages.showing(
          count,
          each === null ? null : categoryLabel(each, categoryNames),
        );
  };
  const choices = [
    { label: thoughtLeadershipMessages.allFilter, value: null, href: thoughtLeadershipPaths.index },
    ...categories.map((each) => ({
      label: categoryLabel(each, categoryNames),
      value: each,
      href: thoughtLeadershipPaths.category(each),
    })),
  ];
  const shown = (article: Article) =>
    category === null || article.category.toLowerCase() === category.toLowerCase();
  const empty = countIn(category) === 0;

  return (
    <div className="tl">
      <header className="tl__header">
        <h1 className="tl__title">{thoughtLeadershipMessages.heading}</h1>
        <p className="tl__subtitle">{thoughtLeadershipMessages.subtitle}</p>
      </header>
      {locale === "en" ? null : (
        <p className="tl__language">{thoughtLeadershipMessages.writtenInEnglish}</p>
      )}

      <nav
        className="tl__filters"
        aria-label={thoughtLeadershipMessages.filterLabel}
        {...{ [filterAttributes.filter]: "" }}
      >
        <ul>
          {choices.map((choice) => (
            <li key={choice.href}>
              <Link
                to={choice.href}
                className="tl__filter"
                aria-current={choice.value === category ? "page" : undefined}
                {...{
                  [noPrefetchAttribute]: "",
                  [filterAttributes.category]:
                    choice.value === null ? "" : articleCategorySlug(choice.value),
                  [filterAttributes.summary]: summary(choice.value),
                  [filterAttributes.empty]: countIn(choice.value) === 0 ? "true" : "false",
                  ...(titles ? { [filterAttributes.title]: titles(choice.value) } : {}),
                }}
              >
                {choice.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <p
        className="tl__summary"
        role="status"
        data-empty={empty ? "true" : undefined}
        {...{ [filterAttributes.status]: "" }}
      >
        {summary(category)}
      </p>

      <ul className="tl__grid" hidden={empty} {...{ [filterAttributes.grid]: "" }}>
        {articles.map((article) => (
          <li
            key={article.link}
            className="tl__item"
            hidden={!shown(article)}
            {...{ [filterAttributes.category]: article.category.toLowerCase() }}
          >
            <ArticleCard article={article} locale={locale} />
          </li>
        ))}
      </ul>
    </div>
  );
}
