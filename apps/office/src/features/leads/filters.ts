import type { LeadsQuery } from "@site/shared/office";
import { leadStatuses, officeLimits } from "@site/shared/office/constants";
import { locales } from "@site/shared/i18n";
import { characterCount, hasControlCharacters } from "@site/shared/schemas/plain";
import { emailAddressKey } from "../../lib/email";

/** The inbox's filters as the URL's query keeps them (a reloaded or shared link shows the same list). */
export type LeadFilters = Omit<LeadsQuery, "cursor">;
export const filterKeys = ["status", "owner", "locale", "from", "to", "q"] as const;

const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined =>
  (list as readonly string[]).includes(value) ? (value as T) : undefined;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** A UTC calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
function day(value: string): string | undefined {
  if (value.length > 10 || !dayPattern.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
}

/** `me`, `none`, or a staff address as its key (trimmed, NFC, lower case), as the API reads it. */
const owner = (value: string): string | undefined =>
  value === "me" || value === "none" ? value : emailAddressKey(value);

/** Free text: trimmed, NFC, at most the search's length, no control characters. */
function search(value: string): string | undefined {
  const text = value.trim().normalize("NFC");
  const max = officeLimits.search;
  if (text.length > 2 * max || characterCount(text) > max || hasControlCharacters(text))
    return undefined;
  return text;
}

const cursorPattern = /^[\w-]+$/;
const pageCursor = (value: string): string | undefined =>
  value.length <= officeLimits.cursor && cursorPattern.test(value) ? value : undefined;

/**
 * The filters and page a URL's query asks for, each read by the rule the API reads it with (the
 * contract's lists of statuses and languages, a day that exists, a staff address's key). A value the API
 * would refuse (an unknown status, a date that does not exist, `from` after `to`) is dropped, as if it
 * were not there, rather than breaking the list: the rest of the filters still apply. No schema library
 * here: this runs on the inbox's first load.
 */
export function readFilters(params: URLSearchParams): {
  filters: LeadFilters;
  cursor: string | undefined;
} {
  const read = <T>(key: string, rule: (value: string) => T | undefined): T | undefined => {
    const value = params.get(key);
    return value === null || value === "" ? undefined : rule(value);
  };
  const from = read("from", day);
  let to = read("to", day);
  if (from && to && from > to) to = undefined;
  const filters: LeadFilters = {
    status: read("status", (value) => oneOf(leadStatuses, value)),
    owner: read("owner", owner),
    locale: read("locale", (value) => oneOf(locales, value)),
    from,
    to,
    q: read("q", search),
  };
  return { filters: stripEmpty(filters), cursor: read("cursor", pageCursor) };
}

function stripEmpty(filters: LeadFilters): LeadFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""),
  ) as LeadFilters;
}

/** The query string of `filters` (and a page's cursor), keys in one order so equal lists share a URL. */
export function filtersToParams(filters: LeadFilters, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of filterKeys) {
    const value = filters[key];
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  if (cursor) params.set("cursor", cursor);
  return params;
}

/** `?` and the query, or "" for none. */
export function queryString(params: URLSearchParams): string {
  const query = params.toString();
  return query ? `?${query}` : "";
}
