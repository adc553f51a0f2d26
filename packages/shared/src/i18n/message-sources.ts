import {
  apiMessages,
  blogMessages,
  categoryNames,
  commentMessages,
  contactMessages,
  errorScreenMessages,
  formResultMessages,
  mailMessages,
  newsletterMessages,
  notFoundMessages,
  offlineMessages,
  privacyMessages,
  requestMessages,
  savedSubmissionMessages,
  searchMessages,
  siteMessages,
  thoughtLeadershipMessages,
  unsubscribeMessages,
  validationMessages,
} from "../messages/index.js";
import { contactContent, firm, newsletterContent } from "../content/index.js";
import type { ProperNames, TemplateMessage } from "./index.js";

/**
 * The English trees each catalogue translates. Two catalogues, so the code that runs in the browser (the
 * forms, the comments, the saved-submissions notice) loads only the small one:
 * - `messages`: every message of a form, the API and the shared page parts;
 * - `content` (content-sources.ts): the pages' copy, the navigation and the firm's facts, read only when pages are rendered.
 * The firm's moderation pages (messages/moderationMessages) stay in English: only the firm reads them.
 */
export const messageSources = {
  validationMessages,
  newsletterMessages,
  contactMessages,
  savedSubmissionMessages,
  notFoundMessages,
  offlineMessages,
  errorScreenMessages,
  thoughtLeadershipMessages,
  searchMessages,
  requestMessages,
  apiMessages,
  privacyMessages,
  unsubscribeMessages,
  blogMessages,
  categoryNames,
  commentMessages,
  newsletterContent,
  contactContent,
  siteMessages,
  formResultMessages,
  mailMessages,
};
export type MessageTree = typeof messageSources;

/** The proper names kept out of the catalogues' texts (a translation writes `{firmName}`). */
export const properNames: ProperNames = { firmName: firm.name, founderName: firm.founderName };

/**
 * The messages that are functions in English, as ICU MessageFormat with their parameters' names. A test
 * formats each with sample values and compares it with the English function's result.
 */
export const templateMessages: Readonly<Record<string, TemplateMessage>> = {
  "savedSubmissionMessages.waiting": {
    params: ["label"],
    en: "“{label}” is saved on this device and will be sent when you are back online.",
  },
  "savedSubmissionMessages.sending": { params: ["label"], en: "Sending “{label}”…" },
  "savedSubmissionMessages.contactSent": {
    params: ["label"],
    en: "Your saved message “{label}” has been sent. Thank you for contacting us! We'll get back to you soon.",
  },
  "savedSubmissionMessages.subscriptionSent": {
    params: ["label"],
    en: "Your saved subscription for {label} has been sent. Successfully subscribed to newsletter!",
  },
  "savedSubmissionMessages.failed": {
    params: ["label", "reason"],
    en: "“{label}” could not be sent: {reason}",
  },
  "savedSubmissionMessages.discardNamed": { params: ["label"], en: "Discard “{label}”" },
  "requestMessages.tooLong": {
    params: ["max"],
    en: "Please keep this to {max} characters or fewer",
  },
  "blogMessages.summary": {
    params: ["count", "category"],
    en: "{category, select, none {{count, plural, one {All # post} other {All # posts}}} other {{count, plural, one {# post in {category}} other {# posts in {category}}}}}",
  },
  "thoughtLeadershipMessages.showing": {
    params: ["count", "category"],
    en: "{category, select, none {{count, plural, one {Showing all # article} other {Showing all # articles}}} other {{count, plural, one {Showing # article in {category}} other {Showing # articles in {category}}}}}",
  },
  "searchMessages.results": {
    params: ["count", "query"],
    en: "{count, plural, one {# result for “{query}”} other {# results for “{query}”}}",
  },
  "searchMessages.none": {
    params: ["query"],
    en: "Nothing on this site matches “{query}”. Try another word.",
  },
  "blogMessages.categoryDescription": {
    params: ["count", "category", "topic"],
    en: "{count, plural, one {# post} other {# posts}} in {category} on our blog: practical notes for boards, managers and programme leaders on {topic}.",
  },
  "blogMessages.readingTime": { params: ["minutes"], en: "{minutes} min read" },
  "blogMessages.shareOn": { params: ["network"], en: "Share on {network}" },
  "siteMessages.sections": { params: ["label"], en: "{label} sections" },
  "siteMessages.socialOn": { params: ["network"], en: "{firmName} on {network}" },
  "siteMessages.rights": {
    params: ["year", "legalName"],
    en: "© {year} {legalName}. All rights reserved.",
  },
  "commentMessages.count": {
    params: ["count"],
    en: "{count, plural, one {# comment} other {# comments}}",
  },
  "mailMessages.greeting": { params: ["name"], en: "Dear {name}," },
  "mailMessages.contactReceipt.subject": {
    params: ["reference"],
    en: "We received your message (reference {reference})",
  },
  "mailMessages.contactReceipt.received": {
    params: ["replyTime"],
    en: "Thank you for contacting {firmName}. We have received your message and will reply within {replyTime}.",
  },
  "mailMessages.contactReceipt.hours": {
    params: ["supportHours"],
    en: "Our support hours are {supportHours}.",
  },
  "mailMessages.contactReceipt.reference": {
    params: ["reference"],
    en: "Your reference is {reference}. Please quote it if you write to us about this message.",
  },
  "mailMessages.welcome.unsubscribeText": {
    params: ["url"],
    en: "To unsubscribe at any time, open this link: {url}",
  },
  "mailMessages.welcome.privacyText": { params: ["url"], en: "How we handle your data: {url}" },
};
