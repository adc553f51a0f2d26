import { searchPath, searchResultsSlotAttribute } from "@site/shared/search";
import { SearchForm } from "../features/search/search-form";
import { useMessages } from "../i18n/messages";
import { seo, type PageInfo } from "../lib/seo";

export const meta = ({ messages, locale }: PageInfo) =>
  seo({
    title: messages.searchMessages.heading,
    description: messages.searchMessages.intro,
    path: searchPath,
    locale,
  });

/**
 * The results page, `/search?q=…` in each language. Prerendered with its box and, where the results go,
 * the page's invitation to search; the API answers a query with this page and that slot filled with the
 * results of the same index the box searches live (apps/admin-api/src/http/routes/search.ts), so it works
 * without JavaScript. The slot holds no nested <div>: the API cuts the page there once, at start-up.
 */
export default function SearchPage() {
  const { searchMessages } = useMessages();
  return (
    <section className="section search-page" aria-labelledby="search-title">
      <div className="container container--narrow">
        <h1 id="search-title">{searchMessages.heading}</h1>
        <SearchForm variant="page" />
        <div className="search-page__results" {...{ [searchResultsSlotAttribute]: "" }}>
          <p className="search-page__intro">{searchMessages.intro}</p>
        </div>
      </div>
    </section>
  );
}
