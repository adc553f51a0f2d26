import type { SubscribersQuery } from "@site/shared/office";
import { subscriberStatuses } from "@site/shared/office/constants";
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

/** The subscribers' filters as the URL's query keeps them (a reloaded or shared link shows the same list). */
export type SubscriberFilters = Omit<SubscribersQuery, "cursor">;
export const filterKeys = ["status", "locale", "from", "to", "q"] as const;

/** The filters and page a URL's query asks for; a value the API would refuse is dropped. */
export function readFilters(params: URLSearchParams): {
  filters: SubscriberFilters;
  cursor: string | undefined;
} {
  const read = paramReader(params);
  const filters: SubscriberFilters = {
    status: read("status", (value) => oneOf(subscriberStatuses, value)),
    locale: read("locale", (value) => oneOf(locales, value)),
    ...dayRange(read),
    q: read("q", search),
  };
  return { filters: stripEmpty(filters), cursor: read("cursor", pageCursor) };
}

export const filtersToParams = (filters: SubscriberFilters, cursor?: string): URLSearchParams =>
  paramsOf(filterKeys, filters, cursor);
