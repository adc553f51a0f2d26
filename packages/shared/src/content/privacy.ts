import { firm } from "./firm.js";

/**
 * The privacy notice (/privacy), under Kenya's Data Protection Act 2019. Each form sends the `version` it
 * showed with the submission, and the API records it as part of the consent; a reworded notice gets a new
 * version (the date it takes effect), and the old one stays in `versions` so consent given under it is
 * still recognised.
 */
export const privacyNotice = {
  version: "2026-11-24",
  /** Every version the site has shown, newest first. */
  versions: ["2026-11-24", "2026-11-23"],
  heading: "Privacy Notice",
  intro: [
    `${firm.legalName} ("we") runs this website from ${firm.headquarters.city}, ${firm.headquarters.country}, and is the data controller for what you give us through it. We follow Kenya's Data Protection Act, 2019.`,
    "This notice says what we keep when you write to us or subscribe to our newsletter, why, for how long, who receives it, and how you can see, correct or erase it.",
  ],
  sections: [
    {
      id: "what-we-store",
      heading: "What we store",
      items: [
        "When you use the contact form: your name, email address, phone number if you give one, your subject and your message, and when you sent it.",
        "When you subscribe to the newsletter: your email address, whether you are subscribed, and when you subscribed or unsubscribed.",
        "With each of these, the proof of your consent: when you gave it, on which page of the site, and which version of this notice the form showed you.",
        "The emails we send you (an acknowledgement of your message, a welcome to the newsletter, the newsletter itself), and whether they were delivered.",
      ],
    },
    {
      id: "why",
      heading: "Why we store it",
      items: [
        "Your inquiry: to answer it and to follow it up with you. We do not use it for marketing.",
        "Your newsletter subscription: to send you the newsletter you asked for, and nothing else. Every newsletter email has a link that unsubscribes you in one step, free of charge.",
        "Consent records: so that we can show that you agreed, as the law requires us to.",
      ],
    },
    {
      id: "how-long",
      heading: "How long we keep it",
      items: [
        "The text of the emails we send is deleted 90 days after they are sent; a record that an email was sent (to whom, its subject, when) stays with your inquiry or subscription.",
        "Inquiries are kept while we work with you and afterwards for follow-up, until you ask us to erase them.",
        "When you unsubscribe, we keep your address marked as unsubscribed, so that we never write to it by mistake, until you ask us to erase it.",
        "When we erase your data, we keep only a note that an erasure took place and when, with a one-way code of your address instead of the address itself.",
      ],
    },
    {
      id: "who-receives-it",
      heading: "Who receives it",
      items: [
        `Our own staff who answer inquiries and send the newsletter, at ${firm.name}.`,
        "Our email provider, which delivers the emails we send you.",
        "Google Cloud Firestore, the database service where the website stores inquiries and subscriptions.",
        "No one else: we do not sell, rent or share your data for anyone's marketing.",
      ],
    },
    {
      id: "your-rights",
      heading: "See, correct or erase your data",
      items: [
        `Write to us at ${firm.email} from the address concerned. We will send you a copy of everything we hold about it, correct what is wrong, or erase it, and confirm when it is done.`,
        "To stop the newsletter at any time, use the unsubscribe link at the bottom of any newsletter email.",
        "If you are not satisfied with our answer, you may complain to the Office of the Data Protection Commissioner of Kenya.",
      ],
    },
    {
      id: "cookies",
      heading: "No cookies, no trackers",
      items: [
        "This website sets no cookies and uses no analytics, advertising or tracking scripts. It loads nothing from other companies' servers.",
        "If you send a form while your connection is down, what you typed is kept only in your own browser until it can be sent; you can discard it there at any time, and once it is sent nothing of it stays on your device.",
      ],
    },
  ],
  /** Before the address to write to, under the sections. */
  contactLead: "Questions or requests:",
  /** Before the notice's version, its date. */
  versionLead: "Version of",
  contact: { label: firm.email, href: `mailto:${firm.email}` },
} as const;

export type PrivacyNoticeVersion = (typeof privacyNotice.versions)[number];

/** True for a version of the notice this site has shown (the API checks what a form sends). */
export function isPrivacyNoticeVersion(value: unknown): value is PrivacyNoticeVersion {
  return typeof value === "string" && (privacyNotice.versions as readonly string[]).includes(value);
}
