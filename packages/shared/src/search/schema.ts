import { z } from "zod";

/** One searchable document: a page, a section of a page with its own address, or an article. */
export const searchDocumentSchema = z.object({
  id: z.string().min(1),
  /** Where a result leads: a page of the site (maybe with a #section) or an article elsewhere. */
  url: z.string().min(1),
  title: z.string(),
  /** Where it is (its page's title, or the blog), shown under its title; empty when that adds nothing. */
  page: z.string(),
  text: z.string(),
});
export type SearchDocument = z.infer<typeof searchDocumentSchema>;
export const searchDocumentsSchema = z.array(searchDocumentSchema);
