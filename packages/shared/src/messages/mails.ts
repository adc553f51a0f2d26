import { firm } from "../content/firm.js";

/**
 * The sentences of the mails the site sends a visitor (the contact acknowledgement, the newsletter's
 * welcome), in English; the API writes them in the visitor's language through the catalogue. Values
 * that are the firm's facts (reply time, support hours) are parameters, so each language puts its own
 * translation of them in place. The firm's own notifications stay in English and are not here.
 */
export const mailMessages = {
  /** The visitor's name only when the API judges it safe to repeat (domain/mails.ts, greetingName). */
  greeting: (name: string) => `Dear ${name},`,
  greetingNeutral: "Hello,",
  closing: "Kind regards,",
  /** The labels of the signature under every mail to a visitor, each with its colon (French spaces it). */
  signature: {
    phoneLabel: "Phone:",
    emailLabel: "Email:",
    supportHoursLabel: "Support hours:",
    websiteLabel: "Website:",
  },
  contactReceipt: {
    subject: (reference: string) => `We received your message (reference ${reference})`,
    received: (replyTime: string) =>
      `Thank you for contacting ${firm.name}. We have received your message and will reply within ${replyTime}.`,
    hours: (supportHours: string) => `Our support hours are ${supportHours}.`,
    reference: (reference: string) =>
      `Your reference is ${reference}. Please quote it if you write to us about this message.`,
    notYou:
      "If you did not write to us, someone entered this address on our website. You need do nothing: we will not write again unless you reply.",
  },
  welcome: {
    subject: `Welcome to the ${firm.name} newsletter`,
    subjectReturning: `Welcome back to the ${firm.name} newsletter`,
    lead: `Thank you for subscribing to the ${firm.name} newsletter.`,
    leadReturning: `You are subscribed to the ${firm.name} newsletter again.`,
    about:
      "We will write with our insights on Africa's economies, banking, payments and strategy. We use your address for nothing else.",
    /** The plain-text part: each link written out after its sentence. */
    unsubscribeText: (url: string) => `To unsubscribe at any time, open this link: ${url}`,
    privacyText: (url: string) => `How we handle your data: ${url}`,
    /** The HTML part: "<unsubscribeLead> <a>unsubscribeLink</a>. <privacyLead> <a>privacyLink</a>." */
    unsubscribeLead: "To stop receiving it at any time:",
    unsubscribeLink: "unsubscribe",
    privacyLead: "How we handle your data:",
    privacyLink: "our privacy notice",
  },
  /**
   * The mail to an address that had unsubscribed when someone subscribes it again on the site: a link to
   * confirm (it stays unsubscribed until then). Its privacy sentence is the welcome's.
   */
  resubscribe: {
    subject: `Confirm your subscription to the ${firm.name} newsletter`,
    lead: `Someone asked on our website for the ${firm.name} newsletter to be sent to this address again. This address had unsubscribed, so we need your confirmation first.`,
    /** The plain-text part: the link follows on a line of its own. */
    confirmText: "To subscribe again, open this link and press the button on the page:",
    /** The HTML part: "<confirmLead> <a>confirmLink</a>." */
    confirmLead: "To subscribe again:",
    confirmLink: "confirm my subscription",
    /** The link's lifetime (domain/resubscribe-links.ts, resubscribeLinkLifetimeMs). */
    expiry: "The link works for 14 days.",
    notYou:
      "If you did not ask for this, you need do nothing: this address stays unsubscribed and we will not write again.",
  },
} as const;
