import { officeLimits } from "@site/shared/office/constants";
import { characterCount, hasControlCharacters } from "@site/shared/schemas/plain";

/*
 * A list's filters as its URL's query keeps them (a reloaded or shared link shows the same list), each
 * read by the rule the API reads it with, without a schema library (the lists run on the office's first
 * load). A value the API would refuse is dropped, as if it were not there, rather than breaking the
 * list: the other filters still apply.
 */

/** One of a contract's list of values (a status, a language), or nothing. */
export const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined =>
  (list as readonly string[]).includes(value) ? (value as T) : undefined;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** A UTC calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
export function day(value: string): string | undefined {
  if (value.length > 10 || !dayPattern.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
}

/** Free text: trimmed, NFC, at most the search's length, no control characters. */
export function search(value: string): string | undefined {
  const text = value.trim().normalize("NFC");
  const max = officeLimits.search;
  if (text.length > 2 * max || characterCount(text) > max || hasControlCharacters(text))
    return undefined;
  return text;
}

const cursorPattern = /^[\w-]+$/;
/** A page's opaque cursor, as the API hands it out (base64url). */
export const pageCursor = (value: string): string | undefined =>
  value.length <= officeLimits.cursor && cursorPattern.test(value) ? value : undefined;

/** A reader of one query parameter: an empty or missing one is no filter. */
export const paramReader =
  (params: URLSearchParams) =>
  <T>(key: string, rule: (value: string) => T | undefined): T | undefined => {
    const value = params.get(key);
    return value === null || value === "" ? undefined : rule(value);
  };

/** `from` and `to` days; a start after the end drops the end, not the whole list. */
export function dayRange(read: ReturnType<typeof paramReader>): { from?: string; to?: string } {
  const from = read("from", day);
  let to = read("to", day);
  if (from && to && from > to) to = undefined;
  return { from, to };
}

/** The filters without their empty values. */
export function stripEmpty<F extends object>(filters: F): F {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""),
  ) as F;
}

/** The query string of `filters` (and a page's cursor), keys in one order so equal lists share a URL. */
export function paramsOf<F extends object>(
  keys: readonly (keyof F & string)[],
  filters: F,
  cursor?: string,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of keys) {
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

/**
 * A filter form's submit, taken over: stops the browser's own, and gives each field's text trimmed,
 * or undefined when it is empty (that filter is off).
 */
export function submittedFilters(event: {
  preventDefault(): void;
  currentTarget: HTMLFormElement;
}): (name: string) => string | undefined {
  event.preventDefault();
  const form = new FormData(event.currentTarget);
  return (name) => {
    const entry = form.get(name);
    return typeof entry === "string" && entry.trim() !== "" ? entry.trim() : undefined;
  };
}
