import { firm } from "./firm.js";
import type { ContactContent } from "./types.js";

/** The /contact page's copy around the form (the form's messages live in messages/). */
export const contactContent = {
  heading: "Contact Us",
  intro: `Tell us about your organisation and the challenge you face. We reply within ${firm.replyTime}; our team is available ${firm.supportHours}.`,
  formHeading: "Start the Conversation",
  careersPointer: {
    text: "Looking for a job with us? Visit our careers page.",
    link: { label: "Careers", href: "/careers" },
  },
} as const satisfies ContactContent;
