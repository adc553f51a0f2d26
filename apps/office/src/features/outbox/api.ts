import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OutboxMailAnswer, OutboxPage } from "@site/shared/office";
import { outboxApi } from "@site/shared/office/constants";
import { useApi } from "../../lib/session";
import { filtersToParams, queryString, type OutboxFilters } from "./filters";

const outboxKey = ["office", "outbox"] as const;

/** One page of the outbox under `filters`; the previous page stays on screen while the next loads. */
export function useOutbox(filters: OutboxFilters, cursor: string | undefined) {
  const api = useApi();
  const query = queryString(filtersToParams(filters, cursor));
  return useQuery({
    queryKey: [...outboxKey, "list", query],
    queryFn: () => api.get<OutboxPage>(`${outboxApi.list}${query}`),
    placeholderData: keepPreviousData,
  });
}

/** How often a mail on its way (queued or being sent) is read again, so its page shows it leave. */
const followMs = 3_000;

export function useOutboxMail(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...outboxKey, "one", id],
    queryFn: () => api.get<OutboxMailAnswer>(outboxApi.mail(id)),
    refetchInterval: (query) => {
      const state = query.state.data?.mail.state;
      return state === "queued" || state === "sending" ? followMs : false;
    },
  });
}

/** Staff's one retry of a failed mail; the mail's page and every list are read again after it. */
export function useRetryMail(id: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<OutboxMailAnswer>(outboxApi.retry(id), {}),
    onSuccess: (answer) => {
      client.setQueryData([...outboxKey, "one", id], answer);
      return client.invalidateQueries({ queryKey: outboxKey });
    },
  });
}
