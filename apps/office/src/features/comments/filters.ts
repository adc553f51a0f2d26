import type { CommentQueueStatus, CommentsQuery } from "@site/shared/office";
import { commentQueueStatuses } from "@site/shared/office/constants";
import { locales } from "@site/shared/i18n";
import { oneOf, pageCursor, paramReader, paramsOf, stripEmpty } from "../../lib/url-filters";

export { queryString } from "../../lib/url-filters";

/** The queue's filters as the URL's query keeps them; without a status, the pending comments. */
export type CommentFilters = Omit<CommentsQuery, "cursor"> & { status: CommentQueueStatus };
export const filterKeys = ["status", "post", "locale"] as const;

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A post's slug as the blog makes them (the API checks it is a post). */
const postSlug = (value: string): string | undefined =>
  value.length <= 120 && slugPattern.test(value) ? value : undefined;

/**
 * The filters and page a URL's query asks for, each read by the rule the API reads it with (the
 * contract's statuses and languages, a slug's shape); a value the API would refuse is dropped.
 */
export function readFilters(params: URLSearchParams): {
  filters: CommentFilters;
  cursor: string | undefined;
} {
  const read = paramReader(params);
  const filters = stripEmpty({
    status: read("status", (value) => oneOf(commentQueueStatuses, value)) ?? "pending",
    post: read("post", postSlug),
    locale: read("locale", (value) => oneOf(locales, value)),
  }) as CommentFilters;
  return { filters, cursor: read("cursor", pageCursor) };
}

/** The query string of `filters` (and a page's cursor), keys in one order so equal lists share a URL. */
export const filtersToParams = (filters: CommentFilters, cursor?: string): URLSearchParams =>
  paramsOf(filterKeys, filters, cursor);
