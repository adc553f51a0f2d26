import { QueryClientProvider } from "@tanstack/react-query";
import { sessionQueryClient } from "../../lib/query-client";
import { ContactForm } from "./contact-form";

/** What the island loads: the form with the tab's query client (loaded together, never up front). */
export default function ContactIsland() {
  return (
    <QueryClientProvider client={sessionQueryClient()}>
      <ContactForm />
    </QueryClientProvider>
  );
}
