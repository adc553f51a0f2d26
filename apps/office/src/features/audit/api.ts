import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditPage } from "@site/shared/office";
import { peopleApi } from "@site/shared/office/constants";
import { useApi } from "../../lib/session";
import { auditFiltersToParams, queryString, type AuditFilters } from "./filters";

/** One page of the audit log under `filters` (owners only: a staff member's request answers 403). */
export function useAudit(filters: AuditFilters, cursor: string | undefined, enabled: boolean) {
  const api = useApi();
  const query = queryString(auditFiltersToParams(filters, cursor));
  return useQuery({
    queryKey: ["office", "audit", query],
    queryFn: () => api.get<AuditPage>(`${peopleApi.audit}${query}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}
