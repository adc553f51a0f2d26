import {
  auditActions,
  officeLimits,
  peopleLimits,
  type AuditAction,
} from "@site/shared/office/constants";
import { characterCount, hasControlCharacters } from "@site/shared/schemas/plain";
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

/** The audit log's filters as the URL's query keeps them (a reloaded or shared link shows the same list). */
export interface AuditFilters {
  actor?: string | undefined;
  action?: AuditAction | undefined;
  target?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}
export const auditFilterKeys = ["actor", "action", "target", "from", "to", "q"] as const;

/** Free text bounded as the API bounds it: trimmed, NFC, `max` characters, no control characters. */
const text = (max: number) => (value: string) => {
  const trimmed = value.trim().normalize("NFC");
  return trimmed.length > 2 * max || characterCount(trimmed) > max || hasControlCharacters(trimmed)
    ? undefined
    : trimmed;
};

/**
 * The filters and page a URL's query asks for, each read by the rule the API reads it with; a value the
 * API would refuse is dropped (lib/url-filters.ts).
 */
export function readAuditFilters(params: URLSearchParams): {
  filters: AuditFilters;
  cursor: string | undefined;
} {
  const read = paramReader(params);
  const filters: AuditFilters = {
    actor: read("actor", text(officeLimits.email)),
    action: read("action", (value) => oneOf(auditActions, value)),
    target: read("target", text(peopleLimits.auditTarget)),
    ...dayRange(read),
    q: read("q", search),
  };
  return { filters: stripEmpty(filters), cursor: read("cursor", pageCursor) };
}

export const auditFiltersToParams = (filters: AuditFilters, cursor?: string): URLSearchParams =>
  paramsOf(auditFilterKeys, filters, cursor);
