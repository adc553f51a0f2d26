import type { LeadsQuery } from "@site/shared/office";
import { leadStatuses } from "@site/shared/office/constants";
import { locales } from "@site/shared/i18n";
import { emailAddressKey } from "../../lib/email";
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

/** The inbox's filters as the URL's query keeps them (a reloaded or shared link shows the same list). */
export type LeadFilters = Omit<LeadsQuery, "cursor">;
export const filterKeys = ["status", "owner", "locale", "from", "to", "q"] as const;

/** `me`, `none`, or a staff address as its key (trimmed, NFC, lower case), as the API reads it. */
const owner = (value: string): string | undefined =>
  value === "me" || value === "none" ? value : emailAddressKey(value);

/**
 * The filters and page a URL's query asks for, each read by the rule the API reads it with (the
 * contract's lists of statuses and languages, a day that exists, a staff address's key); a value the API
 * would refuse is dropped (lib/url-filters.ts).
 */
export function readFilters(params: URLSearchParams): {
  filters: LeadFilters;
  cursor: string | undefined;
} {
  const read = paramReader(params);
  const filters: LeadFilters = {
    status: read("status", (value) => oneOf(leadStatuses, value)),
    owner: read("owner", owner),
    locale: read("locale", (value) => oneOf(locales, value)),
    ...dayRange(read),
    q: read("q", search),
  };
  return { filters: stripEmpty(filters), cursor: read("cursor", pageCursor) };
}

/** The query string of `filters` (and a page's cursor), keys in one order so equal lists share a URL. */
export const filtersToParams = (filters: LeadFilters, cursor?: string): URLSearchParams =>
  paramsOf(filterKeys, filters, cursor);
