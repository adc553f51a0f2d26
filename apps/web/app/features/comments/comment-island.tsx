import { QueryClientProvider } from "@tanstack/react-query";
import { sessionQueryClient } from "../../lib/query-client";
import { CommentFormBody, type CommentFormProps } from "./comment-form";

/** What the island loads: the form with the tab's query client (loaded together, never up front). */
export default function CommentIsland(props: CommentFormProps) {
  return (
    <QueryClientProvider client={sessionQueryClient()}>
      <CommentFormBody {...props} />
    </QueryClientProvider>
  );
}
