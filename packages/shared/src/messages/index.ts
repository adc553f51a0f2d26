import { firm } from "../content/firm.js";
import type { ArticleCategory } from "../content/articles.js";

export { mailMessages } from "./mails.js";

/**
 * Every user-facing message of the product, word for word from the specification (sections 2, 5 and 8).
 * The web and the API import these; no other package retypes them.
 */

export const validationMessages = {
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  emailInvalid: "Invalid email format",
  subjectRequired: "Subject is required",
  descriptionRequired: "Description is required",
  newsletterEmailInvalid: "Please enter a valid email address.",
} as const;

export const newsletterMessages = {
  success: "Successfully subscribed to newsletter!",
  alreadySubscribed: "This email is already subscribed to our newsletter.",
  storageFailure: "Failed to subscribe. Please try again later.",
  mutationFailure: "An error occurred. Please try again later.",
} as const;

export const contactMessages = {
  success: "Thank you for contacting us! We'll get back to you soon.",
  failure: "Failed to submit contact form",
  unexpected: "An unexpected error occurred.",
  sending: "Sending...",
} as const;

/**
 * A form sent without a connection: kept on the visitor's device (the browser's storage) and sent when the
 * connection returns, exactly once; what the form, and the notice on a later visit, say about it.
 */
export const savedSubmissionMessages = {
  contactSaved:
    "You appear to be offline. Your message is saved on this device and will be sent as soon as you are back online.",
  subscriptionSaved:
    "You appear to be offline. Your subscription is saved on this device and will be sent as soon as you are back online.",
  heading: "Saved on this device",
  waiting: (label: string) =>
    `“${label}” is saved on this device and will be sent when you are back online.`,
  sending: (label: string) => `Sending “${label}”…`,
  contactSent: (label: string) =>
    `Your saved message “${label}” has been sent. ${contactMessages.success}`,
  subscriptionSent: (label: string) =>
    `Your saved subscription for ${label} has been sent. ${newsletterMessages.success}`,
  failed: (label: string, reason: string) => `“${label}” could not be sent: ${reason}`,
  discard: "Discard",
  discardNamed: (label: string) => `Discard “${label}”`,
  discarded: "The saved submission was discarded. Nothing was sent.",
} as const;

export const notFoundMessages = {
  title: "404 - Page Not Found",
  text: "The page you are looking for does not exist.",
  action: "Return Home",
} as const;

/** The offline page: what the service worker answers for a page neither online nor saved on the device. */
export const offlineMessages = {
  title: "You are offline",
  description:
    "You are offline. The pages you have read on this device are listed here, ready to open without a connection.",
  text: "There is no connection, and this page is not saved on this device yet.",
  availableHeading: "Pages you can open offline",
  none: "No pages are saved on this device yet. The pages you read while online are kept here for later.",
  retry: "Try again",
} as const;

export const errorScreenMessages = {
  title: "Oops! Something went wrong.",
  text: "We're sorry for the inconvenience. Please try refreshing the page.",
  action: "Refresh Page",
} as const;

export const thoughtLeadershipMessages = {
  /** Above the cards on a French or Swahili page: the founder's articles were published in English. */
  writtenInEnglish: "These articles were published in English.",
  heading: "Thought Leadership",
  subtitle: "Explore the insights and trends shaping your industry",
  allFilter: "All Projects",
  empty: "No articles found.",
  filterLabel: "Filter articles by category",
  /** The result count the live region announces after each filter change. */
  showing: (count: number, categoryName: string | null) => {
    const noun = count === 1 ? "article" : "articles";
    return categoryName
      ? `Showing ${count} ${noun} in ${categoryName}`
      : `Showing all ${count} ${noun}`;
  },
  opensInNewTab: "(opens in a new tab)",
} as const;

/** Site search: the box in the header and the mobile menu, and the results page (/search). */
export const searchMessages = {
  /** The search box's name (its label; visually hidden in the header and the mobile menu). */
  label: "Search this site",
  button: "Search",
  heading: "Search",
  /** The results page's description, and its text before anything is searched. */
  intro: "Search our services, sectors, experts, articles and posts.",
  results: (count: number, query: string) =>
    `${count} ${count === 1 ? "result" : "results"} for “${query}”`,
  none: (query: string) => `Nothing on this site matches “${query}”. Try another word.`,
} as const;

/**
 * Refusals of requests the site's own forms never make: posts from another site, text over a field's
 * length, bodies in an encoding the API cannot read. Worded for the person who sees them.
 */
export const requestMessages = {
  crossSite:
    "This form can only be sent from our own website. Please open the form on our site and send it from there.",
  tooLong: (max: number) => `Please keep this to ${max} characters or fewer`,
  idempotencyKeyInvalid:
    "This form's submission key is not valid. Please reload the page and send the form again.",
  idempotencyKeyReused:
    "This submission key was already used for a different message. Please send the form again.",
  unreadableEncoding:
    "We could not read this form's text. Please send it from the form on our website.",
  /** The form said it was in a language the site does not offer (the schemas' `locale` field). */
  unknownLocale:
    "This form was sent in a language our website does not offer. Please reload the page and send the form again.",
  /** Free text held invisible control characters (never typed by a person; they cut mail headers). */
  controlCharacters:
    "This text holds invisible control characters. Please type it again without them.",
} as const;

/** Messages of the API's own edges (not in the spec's catalogue; worded for people). */
export const apiMessages = {
  invalidRequest: "Please check the highlighted fields and try again.",
  malformedJson: "The request body is not valid JSON.",
  payloadTooLarge: "The request is too large. Please shorten your message and try again.",
  rateLimited: "Too many requests. Please wait a few minutes and try again.",
  unauthorized: "Authentication is required.",
  notFound: "Not found.",
  internal: "Something went wrong on our side. Please try again later.",
  emailQueued: "The email has been queued for delivery.",
} as const;

/** The one-sentence privacy notice under each form, and its link to /privacy. */
export const privacyMessages = {
  contactNotice: "We use your details only to answer your inquiry.",
  newsletterNotice:
    "We use your address only to send you the newsletter; every issue has a one-step unsubscribe link.",
  /** Not `link`: the catalogues take a value under that key for an address and never translate it. */
  noticeLink: "Read our privacy notice",
  /** A subscriber whose earlier subscription had been cancelled. */
  welcomeBack: "Welcome back! You are subscribed to our newsletter again.",
  /**
   * The answer to a subscription of an address that had unsubscribed: it comes back only through the
   * link mailed to it (docs/architecture.md, Decision 10). Says no more than that: nothing about when
   * it left, nor whether the mail went out.
   */
  confirmMailed: "Please check your inbox: we have sent a link to confirm your subscription.",
  /** The form sent a notice version the site never showed (a tampered or broken form). */
  unknownNoticeVersion: "This form is out of date. Please reload the page and try again.",
} as const;

/** The page the API answers a form posted without JavaScript with (the form's message is its heading). */
export const formResultMessages = {
  successTitle: "Thank you",
  failureTitle: "Please check your details",
  continue: "Continue browsing",
  retry: "Go back and try again",
  retryHint: "(your browser's back button keeps what you typed)",
} as const;

/** The unsubscribe pages the API renders for the link in every newsletter mail. */
export const unsubscribeMessages = {
  confirmTitle: "Unsubscribe from our newsletter",
  confirmText: "Press the button below and we will stop sending our newsletter to this address:",
  confirmButton: "Unsubscribe",
  doneTitle: "You have been unsubscribed",
  doneText:
    "We will send no more newsletters to this address. You can subscribe again on our website at any time.",
  invalidTitle: "This unsubscribe link is not valid",
  invalidText:
    "It may have been cut short by your email program. Copy the whole link from the email, or write to us and we will unsubscribe you.",
  back: "Go to our website",
  /** The pages of the link that brings an address that had unsubscribed back (a GET shows, a POST confirms). */
  resubscribe: {
    confirmTitle: "Subscribe to our newsletter again",
    confirmText: "Press the button below and we will send our newsletter to this address again:",
    confirmButton: "Subscribe again",
    doneTitle: "You are subscribed to our newsletter again",
    doneText: "Welcome back! Every issue has a one-step unsubscribe link.",
    /** An expired link, one already used, or one sent before the address unsubscribed again. */
    goneTitle: "This link no longer decides anything",
    goneText:
      "It has expired, it was already used, or this address's subscription has changed since it was sent. To subscribe, use the form on our website.",
    invalidTitle: "This confirmation link is not valid",
    invalidText:
      "It may have been cut short by your email program. Copy the whole link from the email.",
  },
} as const;

/** The ten article categories as the blog and Thought Leadership show them (stored in capitals). */
export const categoryNames = {
  ECONOMY: "Economy",
  MANAGEMENT: "Management",
  GEOPOLITICS: "Geopolitics",
  STRATEGY: "Strategy",
  BANKING: "Banking",
  INSURANCE: "Insurance",
  TELECOM: "Telecom",
  PAYMENTS: "Payments",
  TOURISM: "Tourism",
  EDUCATION: "Education",
} as const satisfies Record<ArticleCategory, string>;

/** The blog's pages: the list, its category filter, a post's byline, contents, sharing and related posts. */
export const blogMessages = {
  heading: "Blog",
  subtitle: "Practical notes for boards, managers and programme leaders, from our consultants.",
  filterLabel: "Filter posts by category",
  allFilter: "All posts",
  empty: "No posts in this category yet.",
  emptyAction: "See all posts",
  /** The sentence above the cards, for screen readers and everyone. */
  summary: (count: number, categoryName: string | null) => {
    const noun = count === 1 ? "post" : "posts";
    return categoryName ? `${count} ${noun} in ${categoryName}` : `All ${count} ${noun}`;
  },
  /** A category page's description for search results: "3 posts in Banking on our blog: ... banking." */
  categoryDescription: (count: number, category: string, topic: string) =>
    `${count} ${count === 1 ? "post" : "posts"} in ${category} on our blog: practical notes for boards, managers and programme leaders on ${topic}.`,
  readingTime: (minutes: number) => `${minutes} min read`,
  by: "By",
  published: "Published",
  updated: "Updated",
  contents: "Contents",
  share: "Share this post",
  shareOn: (network: string) => `Share on ${network}`,
  shareByEmail: "Share by email",
  emailLabel: "Email",
  opensInNewTab: "opens in a new tab",
  /** What a screen reader hears after a link in a post's text that goes to another site. */
  externalLink: "external link, opens in a new tab",
  /** Under a post's byline on a French or Swahili page: posts are written, and shown, in English. */
  writtenInEnglish: "This post is written in English.",
  /** Under a translated post's byline (never shown in English: English pages show the original). */
  translatedFromEnglish: "Translated from English.",
  /** Before links to the post in the other languages it is written in: "This post is also in: Français". */
  alsoIn: "This post is also in:",
  related: "Related posts",
  latest: "Latest from our blog",
  latestAction: "Read all posts",
  backToBlog: "All posts",
  feed: "Subscribe to the blog's feed (Atom)",
} as const;

/**
 * The blog's comments: the form, its refusals (each says why, in plain words), the thread under a post and
 * the firm's moderation pages.
 */
export const commentMessages = {
  heading: "Comments",
  formHeading: "Leave a comment",
  intro: "Comments are read by our team before they appear. Your email address is never shown.",
  nameLabel: "Name",
  emailLabel: "Email (never shown)",
  commentLabel: "Comment",
  submit: "Post comment",
  sending: "Sending...",
  nameRequired: "Name is required",
  commentRequired: "Comment is required",
  commentTooShort: "Please write at least 2 characters",
  tooManyLinks: "Please include no more than 2 links in a comment",
  success: "Thank you! Your comment will appear here once our team has approved it.",
  failure: "Your comment could not be sent. Please try again later.",
  unexpected: "An unexpected error occurred.",
  unknownPost: "This post cannot take comments. Please reload the page and try again.",
  tooFast:
    "That was quicker than we expect from a person. Please read your comment over, then send it again.",
  staleForm: "This page is out of date. Please reload it and send your comment again.",
  addressLimited:
    "You have sent several comments in a short time. Please wait a few minutes before sending another.",
  postLimited:
    "This post has received many comments in the last hour. Please try again a little later.",
  privacyNotice:
    "We use your name and comment to show them under this post once approved; your email only to reach you about it.",
  empty: "No comments yet.",
  count: (count: number) => (count === 1 ? "1 comment" : `${count} comments`),
  postedOn: "Posted on",
} as const;

/** The firm's moderation pages (opened from the links in its notification mail). */
export const moderationMessages = {
  confirmTitle: {
    approved: "Approve this comment?",
    rejected: "Reject this comment?",
    spam: "Mark this comment as spam?",
  },
  confirmButton: { approved: "Approve", rejected: "Reject", spam: "Mark as spam" },
  doneTitle: {
    approved: "The comment is approved",
    rejected: "The comment is rejected",
    spam: "The comment is marked as spam",
  },
  doneText: {
    approved: "It now appears under the post.",
    rejected: "It will not appear on the site.",
    spam: "It will not appear on the site.",
  },
  currentState: (state: string) => `Its current state: ${state}.`,
  forgedTitle: "This moderation link is not valid",
  forgedText:
    "It was not made by this site, or it was changed or cut short on the way. Use the whole link from the notification mail, or the operator command.",
  expiredTitle: "This moderation link has expired",
  expiredText:
    "Moderation links work for 14 days. Use the operator command to moderate this comment now.",
  goneTitle: "This comment no longer exists",
  goneText: "It may have been erased at its author's request.",
  back: "Go to the post",
} as const;

/** The words of the site's own page parts: header, footer, language switcher, labels of figures and fields. */
export const siteMessages = {
  skipLink: "Skip to main content",
  /** After the logo, for screen readers: "<logo> home page". */
  homePage: "home page",
  mainNavigation: "Main",
  mobileNavigation: "Mobile",
  menu: "Menu",
  backToTop: "Back to top",
  footerGeographies: "Geographies",
  footerContact: "Contact Us",
  socialOn: (network: string) => `${firm.name} on ${network}`,
  rights: (year: number, legalName: string) => `© ${year} ${legalName}. All rights reserved.`,
  contacts: `${firm.name} contacts`,
  /** The language switcher: its label, and the sentence under the header that suggests a language. */
  languages: "Languages",
  optional: "(optional)",
  sections: (label: string) => `${label} sections`,
  figures: {
    geographies: "Geographies",
    sectors: "Sectors served",
    serviceLines: "Service lines",
  },
  statements: {
    purpose: "Purpose",
    vision: "Vision",
    mission: "Mission",
    motto: "Motto",
    tagline: "Tagline",
    promise: "Promise",
    positioning: "Positioning",
    inspiration: "Inspiration",
  },
  /** The contact form's fields and button. */
  fields: {
    nameLabel: "Name",
    emailLabel: "Email",
    phoneLabel: "Phone",
    subjectLabel: "Subject",
    descriptionLabel: "Description",
    websiteLabel: "Website",
    send: "Send Message",
  },
} as const;
