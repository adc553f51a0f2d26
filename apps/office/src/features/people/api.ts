import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  DataRequestAnswer,
  DataRequestInput,
  DataRequestsPage,
  ErasureAnswer,
  PersonData,
} from "@site/shared/office";
import { peopleApi } from "@site/shared/office/constants";
import { useApi } from "../../lib/session";

const registerKey = ["office", "data-requests"] as const;

/** Everything held about an address (a POST: the address stays out of every URL). */
export function useFindPerson() {
  const api = useApi();
  return useMutation({
    mutationFn: (address: string) => api.post<PersonData>(peopleApi.find, { email: address }),
  });
}

/**
 * The JSON export, saved as a file. The API writes it (and audits it); the browser gets it by a POST,
 * so it is saved from memory rather than followed as a link with the address in it.
 */
export function useExportPerson() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ address, requestId }: { address: string; requestId?: string }) => {
      const data = await api.post<unknown>(peopleApi.export, { email: address, requestId });
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement("a");
      anchor.href = url;
      anchor.download = `personal-data-${new Date().toISOString().slice(0, 10)}.json`;
      anchor.click();
      // Revoked once the download has surely started (revoking at once can cancel it).
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: registerKey }),
  });
}

export function useErasePerson() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; confirmation: string; requestId?: string }) =>
      api.post<ErasureAnswer>(peopleApi.erase, body),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** One page of the register, `state` open or answered or all. */
export function useDataRequests(
  state: "open" | "answered" | undefined,
  cursor: string | undefined,
) {
  const api = useApi();
  const params = new URLSearchParams();
  if (state) params.set("state", state);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString() ? `?${params.toString()}` : "";
  return useQuery({
    queryKey: [...registerKey, "list", query],
    queryFn: () => api.get<DataRequestsPage>(`${peopleApi.requests}${query}`),
    placeholderData: keepPreviousData,
  });
}

export function useDataRequest(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: [...registerKey, "one", id],
    queryFn: () => api.get<DataRequestAnswer>(peopleApi.request(id ?? "")),
    enabled: id !== undefined,
  });
}

export function useRecordRequest() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DataRequestInput) => api.post<DataRequestAnswer>(peopleApi.requests, input),
    onSuccess: () => client.invalidateQueries({ queryKey: registerKey }),
  });
}

export function useMarkAnswered() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<DataRequestAnswer>(peopleApi.requestAnswered(id), undefined),
    onSuccess: () => client.invalidateQueries({ queryKey: registerKey }),
  });
}
