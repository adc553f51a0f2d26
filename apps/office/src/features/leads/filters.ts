import { leadsQuerySchema, type LeadsQuery } from "@site/shared/office";

/** The inbox's filters as the URL's query keeps them (a reloaded or shared link shows the same list). */
export type LeadFilters = Omit<LeadsQuery, "cursor">;
export const filterKeys = ["status", "owner", "locale", "from", "to", "q"] as const;

/**
 * The filters and page a URL's query asks for, through the same schema the API reads them with. A value
 * the API would refuse (an unknown status, a date that does not exist, `from` after `to`) is dropped, as
 * if it were not there, rather than breaking the list: the rest of the filters still apply.
 */
export function readFilters(params: URLSearchParams): {
  filters: LeadFilters;
  cursor: string | undefined;
} {
  const raw: Record<string, string> = {};
  for (const key of [...filterKeys, "cursor"]) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  for (let attempt = 0; attempt <= filterKeys.length + 1; attempt += 1) {
    const parsed = leadsQuerySchema.safeParse(raw);
    if (parsed.success) {
      const { cursor, ...filters } = parsed.data;
      return { filters: stripEmpty(filters), cursor };
    }
    const wrong = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "")));
    for (const key of wrong) delete raw[key];
    if (wrong.size === 0 || [...wrong].every((key) => key === "")) break;
  }
  return { filters: {}, cursor: undefined };
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
