import { useQuery } from "@tanstack/react-query";
import type { Overview } from "@site/shared/office";
import { subscribersApi } from "@site/shared/office/constants";
import { useApi } from "../../lib/session";

/** The first screen's figures (read again whenever a list changes: they share the "office" key). */
export function useOverview() {
  const api = useApi();
  return useQuery({
    queryKey: ["office", "overview"],
    queryFn: () => api.get<Overview>(subscribersApi.overview),
  });
}
