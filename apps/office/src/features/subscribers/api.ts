import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SubscriberAnswer, SubscribersPage } from "@site/shared/office";
import { subscribersApi } from "@site/shared/office/constants";
import { useApi } from "../../lib/session";
import { queryString } from "../../lib/url-filters";
import { filtersToParams, type SubscriberFilters } from "./filters";

const subscribersKey = ["office", "subscribers"] as const;

/** One page of subscribers under `filters`; the previous page stays on screen while the next loads. */
export function useSubscribers(filters: SubscriberFilters, cursor: string | undefined) {
  const api = useApi();
  const query = queryString(filtersToParams(filters, cursor));
  return useQuery({
    queryKey: [...subscribersKey, query],
    queryFn: () => api.get<SubscribersPage>(`${subscribersApi.list}${query}`),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export of the same filters (every page: the server writes it, and records the export). */
export const csvHref = (filters: SubscriberFilters) =>
  `${subscribersApi.csv}${queryString(filtersToParams(filters))}`;

/** Unsubscribes a person on their request; every list (and the first screen's figures) is read again. */
export function useUnsubscribe() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<SubscriberAnswer>(subscribersApi.unsubscribe(id), undefined),
    onSuccess: () => client.invalidateQueries({ queryKey: ["office"] }),
  });
}
