import { QueryClientProvider } from "@tanstack/react-query";
import { sessionQueryClient } from "../../lib/query-client";
import { NewsletterBlock } from "./newsletter-block";

/** What the island loads: the block with the tab's query client (loaded together, never up front). */
export default function NewsletterIsland() {
  return (
    <QueryClientProvider client={sessionQueryClient()}>
      <NewsletterBlock />
    </QueryClientProvider>
  );
}
