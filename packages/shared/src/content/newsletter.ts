import type { NewsletterContent } from "./types.js";

/** The newsletter block on home, about, industries and services (its messages live in messages/). */
export const newsletterContent = {
  heading: "Subscribe to Our Newsletter",
  text: "Get our latest insights on Africa's economies, banking, payments and strategy in your inbox.",
  label: "Email address",
  placeholder: "you@example.com",
  button: "Subscribe",
} as const satisfies NewsletterContent;
