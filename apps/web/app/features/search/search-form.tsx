import {
  maxQueryLength,
  searchDocumentsPath,
  searchPagePath,
  searchQueryParam,
} from "@site/shared/search";
import { useLocale, useMessages } from "../../i18n/messages";
import { searchAttributes } from "./attributes";
import "./search.css";

/** Where the form is: the header's top row, the mobile menu, or the results page's own. */
export type SearchFormVariant = "header" | "menu" | "page";

/**
 * The site's search box: a plain form that asks the server for `/search?q=…` in the page's language
 * (it works without JavaScript). Once the box is focused, the one script loads the search's code and
 * this language's documents (live-search.ts), and results appear under the box as the visitor types.
 */
export function SearchForm({
  variant,
  query = "",
}: {
  variant: SearchFormVariant;
  query?: string;
}) {
  const locale = useLocale();
  const { searchMessages } = useMessages();
  const id = `site-search-${variant}`;
  // The live results' words in this language, so the plain DOM code needs no message catalogue: the
  // count's sentence for each plural form ("#" stands for the count, "{query}" for the query; English,
  // French and Swahili have two) and the empty state.
  const texts = JSON.stringify({
    one: searchMessages.results(1, "{query}").replace("1", "#"),
    other: searchMessages.results(2, "{query}").replace("2", "#"),
    none: searchMessages.none("{query}"),
  });
  return (
    <form
      className={`site-search site-search--${variant}`}
      action={searchPagePath(locale)}
      method="get"
      role={variant === "menu" ? undefined : "search"}
      {...{
        [searchAttributes.form]: searchDocumentsPath(locale),
        [searchAttributes.texts]: texts,
      }}
    >
      <label htmlFor={id} className={variant === "page" ? "site-search__label" : "visually-hidden"}>
        {searchMessages.label}
      </label>
      <span className="site-search__row">
        <input
          id={id}
          className="site-search__input"
          type="search"
          name={searchQueryParam}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={maxQueryLength}
          defaultValue={query}
          aria-describedby={`${id}-results`}
          {...(variant === "page" ? { [searchAttributes.query]: "" } : {})}
        />
        <button type="submit" className="site-search__button">
          {searchMessages.button}
        </button>
      </span>
      <div
        id={`${id}-results`}
        className="site-search__live"
        {...{ [searchAttributes.live]: "" }}
      />
    </form>
  );
}
