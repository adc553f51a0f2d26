import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CommentDecisionsAnswer,
  CommentDecisionsRequest,
  CommentsPage,
} from "@site/shared/office";
import { commentsApi } from "@site/shared/office/constants";
import { useApi } from "../../lib/session";
import { filtersToParams, queryString, type CommentFilters } from "./filters";

const commentsKey = ["office", "comments"] as const;

/** One page of the queue under `filters`; the previous page stays on screen while the next loads. */
export function useCommentQueue(filters: CommentFilters, cursor: string | undefined) {
  const api = useApi();
  const query = queryString(filtersToParams(filters, cursor));
  return useQuery({
    queryKey: [...commentsKey, "list", query],
    queryFn: () => api.get<CommentsPage>(`${commentsApi.queue}${query}`),
    placeholderData: keepPreviousData,
  });
}

/** One action on one comment or many; every list (and its counts) is read again after. */
export function useDecideComments() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: CommentDecisionsRequest) =>
      api.post<CommentDecisionsAnswer>(commentsApi.decisions, request),
    onSettled: () => client.invalidateQueries({ queryKey: commentsKey }),
  });
}
