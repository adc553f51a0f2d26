/** The attributes the search forms' markup carries for live-search.ts (and the API's results page). */
export const searchAttributes = {
  /** On each search form: the URL of its language's documents. */
  form: "data-search",
  /** On each search form: its words for the live results (JSON: `results` by count, `none`). */
  texts: "data-search-texts",
  /** Under each box: where live results are shown. */
  live: "data-search-live",
  /** The results page's own box, whose value the API fills with the query. */
  query: "data-search-query",
} as const;
