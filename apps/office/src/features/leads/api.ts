import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  EventAnswer,
  LeadAnswer,
  LeadDetail,
  LeadsPage,
  LeadUpdateRequest,
  NoteRequest,
  ReplyRequest,
} from "@site/shared/office";
import { officeApi } from "@site/shared/office/constants";
import { useApi } from "../../lib/session";
import { filtersToParams, queryString, type LeadFilters } from "./filters";

const leadsKey = ["office", "leads"] as const;

/** One page of the inbox under `filters`; the previous page stays on screen while the next loads. */
export function useLeads(filters: LeadFilters, cursor: string | undefined) {
  const api = useApi();
  const query = queryString(filtersToParams(filters, cursor));
  return useQuery({
    queryKey: [...leadsKey, "list", query],
    queryFn: () => api.get<LeadsPage>(`${officeApi.leads}${query}`),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export of the same filters (every page: the server writes it). */
export const csvHref = (filters: LeadFilters) =>
  `${officeApi.leadsCsv}${queryString(filtersToParams(filters))}`;

export function useLead(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...leadsKey, "one", id],
    queryFn: () => api.get<LeadDetail>(officeApi.lead(id)),
  });
}

/** After any change to a lead: its page and every list are read again (counts, owners, statuses moved). */
function useRefreshLeads() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: leadsKey });
}

export function useUpdateLead(id: string) {
  const api = useApi();
  const refresh = useRefreshLeads();
  return useMutation({
    mutationFn: (update: LeadUpdateRequest) => api.patch<LeadAnswer>(officeApi.lead(id), update),
    onSuccess: refresh,
  });
}

export function useAddNote(id: string) {
  const api = useApi();
  const refresh = useRefreshLeads();
  return useMutation({
    mutationFn: (note: NoteRequest) => api.post<EventAnswer>(officeApi.leadNotes(id), note),
    onSuccess: refresh,
  });
}

export function useReply(id: string) {
  const api = useApi();
  const refresh = useRefreshLeads();
  return useMutation({
    mutationFn: (reply: ReplyRequest) => api.post<EventAnswer>(officeApi.leadReplies(id), reply),
    onSuccess: refresh,
  });
}
