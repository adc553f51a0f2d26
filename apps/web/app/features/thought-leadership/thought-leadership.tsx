import { useState } from "react";
import {
  articleCategories,
  articles as allArticles,
  articlesInCategory,
  type Article,
} from "@site/shared/content";
import { useLocale, useMessages } from "../../i18n/messages";
import { ArticleCard } from "./article-card";
import { categoryLabel } from "./format";
import "./thought-leadership.css";

export interface ThoughtLeadershipProps {
  /** The articles to show; the shared list by default (tests may pass their own). */
  articles?: readonly Article[];
  /** The filter buttons after 'All Projects', in order; the spec's ten categories by default. */
  categories?: readonly string[];
}

/**
 * The Thought Leadership page body: heading, subtitle, the category filter and the card grid.
 * The filter lives in component state only (the spec persists nothing); the first render, which is
 * the prerendered one, shows every article.
 */
export function ThoughtLeadership({
  articles = allArticles,
  categories = articleCategories,
}: ThoughtLeadershipProps) {
  const { thoughtLeadershipMessages, categoryNames } = useMessages();
  const locale = useLocale();
  // null is 'All Projects'.
  const [selected, setSelected] = useState<string | null>(null);
  const visible = selected === null ? articles : articlesInCategory(selected, articles);
  const selectedLabel = selected === null ? null : categoryLabel(selected, categoryNames);

  return (
    <div className="tl">
      <header className="tl__header">
        <h1 className="tl__title">{thoughtLeadershipMessages.heading}</h1>
        <p className="tl__subtitle">{thoughtLeadershipMessages.subtitle}</p>
      </header>
      {locale === "en" ? null : (
        <p className="tl__language">{thoughtLeadershipMessages.writtenInEnglish}</p>
      )}

      <div className="tl__filters" role="group" aria-label={thoughtLeadershipMessages.filterLabel}>
        <FilterButton
          label={thoughtLeadershipMessages.allFilter}
          pressed={selected === null}
          onSelect={() => setSelected(null)}
        />
        {categories.map((category) => (
          <FilterButton
            key={category}
            label={categoryLabel(category, categoryNames)}
            pressed={selected !== null && selected.toLowerCase() === category.toLowerCase()}
            onSelect={() => setSelected(category)}
          />
        ))}
      </div>

      <p
        className="tl__summary"
        role="status"
        data-empty={visible.length === 0 ? "true" : undefined}
      >
        {visible.length === 0
          ? thoughtLeadershipMessages.empty
          : thoughtLeadershipMessages.showing(visible.length, selectedLabel)}
      </p>

      {visible.length > 0 ? (
        <ul className="tl__grid">
          {visible.map((article) => (
            <li key={article.link} className="tl__item">
              <ArticleCard article={article} locale={locale} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function FilterButton({
  label,
  pressed,
  onSelect,
}: {
  label: string;
  pressed: boolean;
  onSelect: () => void;
}) {
  return (
    <button type="button" className="tl__filter" aria-pressed={pressed} onClick={onSelect}>
      {label}
    </button>
  );
}
