import { firm } from "./firm.js";
import type { CareersContent } from "./types.js";

/** The /careers page. The button opens a pre-addressed e-mail; there is no application form. */
export const careersContent = {
  tag: "Join Us",
  heading: "Interested in joining us?",
  paragraphs: [
    `At ${firm.name}, our people are our strength. We invest in every team member's development, from a structured induction to continuous training, mentorship and a genuine concern for staff welfare.`,
    "We look for attitude as much as qualifications: people who share our purpose and values and thrive in a high-performance culture.",
    "If that sounds like you, send us your CV and tell us where you could make a difference.",
  ],
  cta: {
    label: "Send Us Your CV",
    href: `mailto:${firm.careersEmail}?subject=${encodeURIComponent("Job application")}`,
  },
} as const satisfies CareersContent;
