import type { OutboxQuery } from "@site/shared/office";
import { outboxKinds, outboxStates } from "@site/shared/office/constants";
import { locales } from "@site/shared/i18n";
import {
  dayRange,
  oneOf,
  pageCursor,
  paramReader,
  paramsOf,
  search,
  stripEmpty,
} from "../../lib/url-filters";

export { queryString } from "../../lib/url-filters";

/** The outbox's filters as the URL's query keeps them (a reloaded or shared link shows the same list). */
export type OutboxFilters = Omit<OutboxQuery, "cursor">;
export const filterKeys = ["state", "kind", "locale", "recipient", "from", "to"] as const;

/** The recipient's address or its beginning, as the API matches it: free text in lower case. */
const recipient = (value: string): string | undefined => search(value)?.toLowerCase();

/**
 * The filters and page a URL's query asks for, each read by the rule the API reads it with (the
 * contract's states, kinds and languages, a day that exists); a value the API would refuse is dropped
 * (lib/url-filters.ts), so the first screen's link `?state=failed` and any shared link just work.
 */
export function readFilters(params: URLSearchParams): {
  filters: OutboxFilters;
  cursor: string | undefined;
} {
  const read = paramReader(params);
  const filters: OutboxFilters = {
    state: read("state", (value) => oneOf(outboxStates, value)),
    kind: read("kind", (value) => oneOf(outboxKinds, value)),
    locale: read("locale", (value) => oneOf(locales, value)),
    recipient: read("recipient", recipient),
    ...dayRange(read),
  };
  return { filters: stripEmpty(filters), cursor: read("cursor", pageCursor) };
}

/** The query string of `filters` (and a page's cursor), keys in one order so equal lists share a URL. */
export const filtersToParams = (filters: OutboxFilters, cursor?: string): URLSearchParams =>
  paramsOf(filterKeys, filters, cursor);
