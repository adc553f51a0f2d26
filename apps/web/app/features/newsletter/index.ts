import { island } from "../../components/ui/island";

/**
 * The newsletter block as pages use it: prerendered in full, its code (validation, requests) loaded
 * when the block comes near the viewport or the visitor reaches for it. Until then its form posts to
 * the API as a plain HTML form.
 */
export const NewsletterBlock = island(
  "features/newsletter/newsletter-island.tsx",
  () => import("./newsletter-island"),
  "visible",
);
