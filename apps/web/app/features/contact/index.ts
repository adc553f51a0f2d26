import { island } from "../../components/ui/island";

/**
 * The contact form as the contact page uses it: prerendered in full, its code (form state, validation,
 * requests) loaded as soon as the visitor reaches for it (pointer, touch, focus). Until then it posts
 * to the API as a plain HTML form, so a lead sent in that moment is still stored.
 */
export const ContactForm = island(
  "features/contact/contact-island.tsx",
  () => import("./contact-island"),
  "interaction",
);
