import { fieldLimits } from "../schemas/plain-text.js";

export { officeMessages } from "./messages.js";

/*
 * The office contract's constants: routes, roles, statuses, limits and the API's words. No schema
 * library here: the office app's first load imports this module (`@site/shared/office/constants`) and
 * carries no zod; index.ts re-exports it beside the schemas.
 */

/** Where the office lives: its app, its API and the pieces of both that the other needs. */
export const officePaths = {
  /** The app (served by the API from apps/office/dist). */
  app: "/admin",
  /** The page a mailed link opens; the token is in the fragment (`#token=`), which no server sees. */
  signIn: "/admin/sign-in",
  lead: (id: string) => `/admin/leads/${encodeURIComponent(id)}`,
  api: "/api/office",
} as const;

/** The header every state-changing office request carries: the session's CSRF token. */
export const csrfHeader = "X-CSRF-Token";

/** The API's routes, relative to the origin. */
export const officeApi = {
  config: "/api/office/config",
  signInLink: "/api/office/sign-in/link",
  signIn: "/api/office/sign-in",
  signInFirebase: "/api/office/sign-in/firebase",
  me: "/api/office/me",
  signOut: "/api/office/sign-out",
  signOutEverywhere: "/api/office/sign-out/everywhere",
  staff: "/api/office/staff",
  staffMember: (email: string) => `/api/office/staff/${encodeURIComponent(email)}`,
  leads: "/api/office/leads",
  leadsCsv: "/api/office/leads.csv",
  lead: (id: string) => `/api/office/leads/${encodeURIComponent(id)}`,
  leadNotes: (id: string) => `/api/office/leads/${encodeURIComponent(id)}/notes`,
  leadReplies: (id: string) => `/api/office/leads/${encodeURIComponent(id)}/replies`,
} as const;

/** owner: the staff and the settings, and everything staff do; staff: the leads. */
export const staffRoles = ["owner", "staff"] as const;
export type StaffRole = (typeof staffRoles)[number];

/** A lead's statuses in order; the specification's `new` stays the first. */
export const leadStatuses = ["new", "in_progress", "closed"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const closeReasons = ["won", "not_a_fit", "no_answer", "spam"] as const;
export type CloseReason = (typeof closeReasons)[number];

export const leadEventKinds = ["received", "assigned", "status", "note", "reply"] as const;
export type LeadEventKind = (typeof leadEventKinds)[number];

/** The inbox's page size. */
export const leadsPageSize = 20;

/** Lengths of the office's own fields, in characters. */
export const officeLimits = {
  email: fieldLimits.email,
  /** A sign-in token: 32 random bytes in base64url. */
  token: 43,
  /** A Firebase ID token (a JWT; Google's are about 1 kB). */
  idToken: 4096,
  note: 5000,
  replySubject: fieldLimits.subject,
  replyBody: 20000,
  search: 200,
  cursor: 200,
} as const;

// ---- People's data requests and the audit log (apps/admin-api/src/personal-data/office-*.ts,
// src/staff/office-audit-*.ts; apps/office/src/features/people and features/audit) ----------------

/** Their API routes. A person's address always travels in a POST body, never in a URL that reaches logs. */
export const peopleApi = {
  find: "/api/office/people/find",
  export: "/api/office/people/export",
  erase: "/api/office/people/erase",
  requests: "/api/office/data-requests",
  request: (id: string) => `/api/office/data-requests/${encodeURIComponent(id)}`,
  requestAnswered: (id: string) => `/api/office/data-requests/${encodeURIComponent(id)}/answered`,
  audit: "/api/office/audit",
} as const;

/** Their screens in the office app. */
export const peoplePaths = {
  people: "/admin/people",
  requests: "/admin/people/requests",
  audit: "/admin/audit",
} as const;

/** What a person asked for: to see or take their data (access/export), or its erasure. */
export const dataRequestKinds = ["access", "erasure"] as const;
export type DataRequestKind = (typeof dataRequestKinds)[number];

/** How the request reached the firm. */
export const dataRequestChannels = ["mail", "phone", "web-form", "letter", "in-person", "other"] as const;
export type DataRequestChannel = (typeof dataRequestChannels)[number];

/** Every action the audit log records (the audit screen's filter lists them). */
export const auditActions = [
  "session.started",
  "session.ended",
  "session.ended-everywhere",
  "staff.invited",
  "staff.owner-named",
  "staff.removed",
  "lead.updated",
  "lead.note-added",
  "lead.replied",
  "leads.exported",
  "subscriber.unsubscribed",
  "subscribers.exported",
  "comment.approved",
  "comment.rejected",
  "comment.spam",
  "comment.hidden",
  "mail.retried",
  "person.viewed",
  "person.exported",
  "person.erased",
  "data-request.recorded",
  "data-request.answered",
  "audit.exported",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** Page sizes of the register and the audit log. */
export const dataRequestsPageSize = 20;
export const auditPageSize = 50;

/** Lengths of these screens' fields, in characters. */
export const peopleLimits = { note: 1000, auditText: 200, auditTarget: 200 } as const;

/** The API's words for these screens (English, like officeMessages). */
export const peopleMessages = {
  confirmationMismatch: "Type the person's address exactly to confirm the erasure.",
  requestNotFound: "This request is not in the register.",
  requestAddressGone: "This request's address was erased; only its keyed hash is kept.",
  kindRequired: "Please choose what the person asked for.",
  channelRequired: "Please choose how the request came.",
  receivedRequired: "Please give the day the request was received.",
  receivedInFuture: "The day received cannot be in the future.",
  noteTooLong: "Please keep the note under 1000 characters, with no control characters.",
} as const;

// ---- Subscribers and the first screen (apps/admin-api/src/newsletter/office-*.ts,
// src/leads/office-overview*.ts; apps/office/src/features/subscribers and features/overview) ---------

/** Their API routes. */
export const subscribersApi = {
  list: "/api/office/subscribers",
  csv: "/api/office/subscribers.csv",
  unsubscribe: (id: string) => `/api/office/subscribers/${encodeURIComponent(id)}/unsubscribe`,
  overview: "/api/office/overview",
} as const;

/** Their screens in the office app (the first screen is the app's own address). */
export const subscribersPaths = {
  overview: "/admin",
  subscribers: "/admin/subscribers",
} as const;

/**
 * A subscriber's state as the office shows it: subscribed; unsubscribed; or `pending`, awaiting
 * confirmation: the address had unsubscribed, someone subscribed it again on the site, and the link to
 * confirm was mailed to it (Decision 10) and neither used nor overtaken by another unsubscribe.
 */
export const subscriberStatuses = ["subscribed", "pending", "unsubscribed"] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/** The subscribers' page size, and how many weeks the charts show (this week included). */
export const subscribersPageSize = 50;
export const trendWeeks = 12;

/** The API's words for these screens (English, like officeMessages). */
export const subscribersMessages = {
  notFound: "This subscriber does not exist.",
} as const;

// ---- The mail outbox (apps/admin-api/src/mail/office-*.ts; apps/office/src/features/outbox) ---------

/** Its API routes. */
export const outboxApi = {
  list: "/api/office/outbox",
  mail: (id: string) => `/api/office/outbox/${encodeURIComponent(id)}`,
  retry: (id: string) => `/api/office/outbox/${encodeURIComponent(id)}/retry`,
} as const;

/** Its screens in the office app (the first screen links to `?state=failed`). */
export const outboxPaths = {
  outbox: "/admin/outbox",
  mail: (id: string) => `/admin/outbox/${encodeURIComponent(id)}`,
} as const;

/**
 * A mail's state as the office names it: queued (waiting for the worker, or for its next attempt),
 * sending (a worker holds it), sent, failed (given up: staff may retry it once), held (an automatic
 * mail a cap left out: never sent).
 */
export const outboxStates = ["queued", "sending", "sent", "failed", "held"] as const;
export type OutboxState = (typeof outboxStates)[number];

/** What a mail is about (the API's mail kinds). */
export const outboxKinds = [
  "contact-acknowledgement",
  "contact-notification",
  "newsletter-welcome",
  "newsletter-confirmation",
  "comment-notification",
  "daily-cap-notification",
  "office-sign-in",
  "office-invitation",
  "lead-reply",
  "admin",
] as const;
export type OutboxKind = (typeof outboxKinds)[number];

/** Which cap held a mail: its recipient's daily share, or the day's total of automatic mail. */
export const outboxHeldBy = ["recipient-limit", "daily-cap"] as const;
export type OutboxHeldBy = (typeof outboxHeldBy)[number];

export const outboxPageSize = 50;

/** The API's words for the outbox (English, like officeMessages). */
export const outboxMessages = {
  mailNotFound: "This mail is not in the outbox.",
  notFailed: "Only a failed mail can be retried; this one is not failed.",
  alreadyRetried: "This mail was already retried once from the office.",
} as const;

// ---- The comment queue (apps/admin-api/src/comments/office-*.ts; apps/office/src/features/comments) --

/** Its API routes: the queue, and decisions on one comment or many (the same route). */
export const commentsApi = {
  queue: "/api/office/comments",
  decisions: "/api/office/comments/decisions",
} as const;

/** Its screen in the office app (the first screen links to `?status=pending`). */
export const commentsPaths = { queue: "/admin/comments" } as const;

/**
 * A comment's state as the office names it: `published` is shown under its post (the store's
 * `approved`); `hidden` was published, then taken off the post by staff.
 */
export const commentQueueStatuses = ["pending", "published", "rejected", "spam", "hidden"] as const;
export type CommentQueueStatus = (typeof commentQueueStatuses)[number];

/** What staff do: approve, reject or mark as spam a pending comment; hide a published one. */
export const commentActions = ["approve", "reject", "spam", "hide"] as const;
export type CommentAction = (typeof commentActions)[number];

/**
 * What one decision did: `done`; `already-decided` (someone, or a link in the firm's mail, decided it
 * first: its status says what); `not-published` (only a published comment can be hidden); `not-found`.
 */
export const commentDecisionResults = [
  "done",
  "already-decided",
  "not-published",
  "not-found",
] as const;
export type CommentDecisionResult = (typeof commentDecisionResults)[number];

/** Who decided a comment last: staff in the office, a link in the firm's mail, or the operator command. */
export const commentDeciders = ["office", "link", "command"] as const;
export type CommentDecider = (typeof commentDeciders)[number];

/** The queue's page size, and the most comments one request decides. */
export const commentsPageSize = 20;
export const commentDecisionsMax = 50;

/** The API's words for the queue. */
export const commentQueueMessages = {
  unknownPost: "This post is not on the blog.",
  noComments: "Please choose at least one comment.",
  tooManyComments: `Please decide at most ${commentDecisionsMax} comments at once.`,
} as const;
