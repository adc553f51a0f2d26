import * as z from "zod/mini";
import { locales } from "../i18n/index.js";
import { freeText } from "../schemas/index.js";
import { closeReasons, leadStatuses, officeLimits, staffRoles } from "./constants.js";
import { officeMessages } from "./messages.js";
import { cursorParam, day, daysInOrder, optionalParam, staffEmail } from "./fields.js";

export * from "./constants.js";

/*
 * The firm's office: the wire contract between the API (apps/admin-api, src/staff and src/leads) and the
 * office app (apps/office). Every request body and query the API reads is parsed with these schemas and
 * the API builds its answers as their types; the app reads the answers as those types (import type) and
 * runs only the zod-free constants.ts, so no schema library weighs on its first load.
 */

/** An address as its key (trimmed, NFC, lower case): staff are found by it. */
const email = staffEmail;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).check(...freeText(max, z.minLength(1, { error: message })));

const isoDateTime = z.iso.datetime();

// ---- Errors ----------------------------------------------------------------------------------------

/** Every refusal: the catalogue's words, and each wrong field's message for validation errors. */
export const officeErrorSchema = z.object({
  error: z.string(),
  fieldErrors: z.optional(z.record(z.string(), z.string())),
});
export type OfficeError = z.infer<typeof officeErrorSchema>;

// ---- Sign-in and the session -----------------------------------------------------------------------

/** GET /api/office/config (public): how the office signs in here. */
export const officeConfigSchema = z.object({
  mode: z.enum(["link", "firebase"]),
  firebase: z.optional(
    z.object({
      apiKey: z.string(),
      authDomain: z.string(),
      projectId: z.string(),
      /** Set when the API runs against the Firebase Authentication emulator (tests, development). */
      authEmulatorUrl: z.optional(z.string()),
    }),
  ),
});
export type OfficeConfig = z.infer<typeof officeConfigSchema>;

/** POST /api/office/sign-in/link: mails a sign-in link if the address is staff; answers 202 either way. */
export const signInLinkRequestSchema = z.object({ email });
export type SignInLinkRequest = z.input<typeof signInLinkRequestSchema>;
export const signInLinkAnswerSchema = z.object({ message: z.string() });

/** Sign-in tokens as links carry them: 32 random bytes, base64url without padding. */
export const signInTokenPattern = /^[\w-]{43}$/;

/** POST /api/office/sign-in: the token from the link's fragment. */
export const signInRequestSchema = z.object({
  token: z
    .string({ error: officeMessages.linkInvalid })
    .check(
      z.maxLength(officeLimits.token, { error: officeMessages.linkInvalid, abort: true }),
      z.regex(signInTokenPattern, { error: officeMessages.linkInvalid }),
    ),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** POST /api/office/sign-in/firebase: a Firebase ID token, exchanged for a session cookie. */
export const firebaseSignInRequestSchema = z.object({
  idToken: z
    .string({ error: officeMessages.firebaseRefused })
    .check(
      z.minLength(1, { error: officeMessages.firebaseRefused, abort: true }),
      z.maxLength(officeLimits.idToken, { error: officeMessages.firebaseRefused, abort: true }),
    ),
});
export type FirebaseSignInRequest = z.infer<typeof firebaseSignInRequestSchema>;

/** GET /api/office/me: who is signed in, and the token their state-changing requests carry. */
export const meSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
  csrfToken: z.string(),
});
export type Me = z.infer<typeof meSchema>;

/** The answer of both sign-in routes (the session cookie comes with it). */
export const signInAnswerSchema = z.object({ me: meSchema });
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

// ---- Staff (owners only) ---------------------------------------------------------------------------

export const staffMemberSchema = z.object({
  email: z.string(),
  role: z.enum(staffRoles),
  addedAt: isoDateTime,
  /** Who invited them; null for the first owner (OFFICE_OWNER_EMAIL or the operator command). */
  addedBy: z.nullable(z.string()),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ items: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

/** POST /api/office/staff: invites an address (mails it a sign-in link). */
export const inviteStaffRequestSchema = z.object({
  email,
  role: z.enum(staffRoles, { error: officeMessages.invalidRequest }),
});
export type InviteStaffRequest = z.input<typeof inviteStaffRequestSchema>;

// ---- Leads -----------------------------------------------------------------------------------------

/** Who owns the leads to list: the signed-in person, nobody, or a staff address. */
const ownerFilter = z.union([z.literal("me"), z.literal("none"), email]);

/**
 * GET /api/office/leads and /api/office/leads.csv: the inbox's filters, as query parameters (the
 * office keeps them in its own URL, so a reloaded or shared link shows the same list). `from` and `to`
 * are UTC days, both included. `q` searches name, address, subject and message.
 */
export const leadsQuerySchema = z
  .object({
    status: optionalParam(z.enum(leadStatuses, { error: officeMessages.invalidRequest })),
    owner: optionalParam(ownerFilter),
    locale: optionalParam(z.enum(locales, { error: officeMessages.invalidRequest })),
    from: optionalParam(day),
    to: optionalParam(day),
    q: optionalParam(z.string().check(...freeText(officeLimits.search))),
    cursor: optionalParam(cursorParam(officeLimits.cursor)),
  })
  .check(daysInOrder);
export type LeadsQueryInput = z.input<typeof leadsQuerySchema>;
export type LeadsQuery = z.output<typeof leadsQuerySchema>;

export const leadSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  status: z.enum(leadStatuses),
  closeReason: z.nullable(z.enum(closeReasons)),
  /** The staff member who handles it (their address), or null. */
  owner: z.nullable(z.string()),
  locale: z.enum(locales),
  createdAt: isoDateTime,
  /** When the firm first replied from the office; null until then. */
  firstAnsweredAt: z.nullable(isoDateTime),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

export const leadSchema = z.extend(leadSummarySchema, {
  phone: z.nullable(z.string()),
  description: z.string(),
  consent: z.object({
    at: isoDateTime,
    page: z.nullable(z.string()),
    noticeVersion: z.nullable(z.string()),
  }),
});
export type Lead = z.infer<typeof leadSchema>;

const eventBase = {
  id: z.string(),
  at: isoDateTime,
  /** The staff member who did it; null for `received` (the website's form). */
  by: z.nullable(z.string()),
};

/** One line of a lead's history. */
export const leadEventSchema = z.discriminatedUnion("kind", [
  z.object({ ...eventBase, kind: z.literal("received") }),
  z.object({ ...eventBase, kind: z.literal("assigned"), owner: z.nullable(z.string()) }),
  z.object({
    ...eventBase,
    kind: z.literal("status"),
    status: z.enum(leadStatuses),
    closeReason: z.nullable(z.enum(closeReasons)),
  }),
  z.object({ ...eventBase, kind: z.literal("note"), text: z.string() }),
  z.object({
    ...eventBase,
    kind: z.literal("reply"),
    subject: z.string(),
    body: z.string(),
    /** The outbox mail that carries it. */
    mailId: z.string(),
  }),
]);
export type LeadEvent = z.infer<typeof leadEventSchema>;

/** GET /api/office/leads: one page, newest first, with the counts per status and the median first answer. */
export const leadsPageSchema = z.object({
  items: z.array(leadSummarySchema),
  nextCursor: z.nullable(z.string()),
  /** Per status, under every filter but the status one. */
  counts: z.object({ new: z.number(), in_progress: z.number(), closed: z.number() }),
  /** Median time from a lead's arrival to the firm's first reply, over the filtered leads answered; null when none. */
  medianFirstAnswerMs: z.nullable(z.number()),
});
export type LeadsPage = z.infer<typeof leadsPageSchema>;

/** GET /api/office/leads/:id. */
export const leadDetailSchema = z.object({ lead: leadSchema, history: z.array(leadEventSchema) });
export type LeadDetail = z.infer<typeof leadDetailSchema>;

/**
 * PATCH /api/office/leads/:id. Closing needs a reason; a reason goes only with closing. A closed lead
 * may be reopened (to `in_progress` or `new`). `owner` is a staff address, or null to unassign.
 */
export const leadUpdateRequestSchema = z
  .object({
    status: z.optional(z.enum(leadStatuses, { error: officeMessages.invalidRequest })),
    closeReason: z.optional(z.enum(closeReasons, { error: officeMessages.closeReasonRequired })),
    owner: z.optional(z.nullable(email)),
  })
  .check(
    z.refine((update) => update.status !== "closed" || update.closeReason !== undefined, {
      error: officeMessages.closeReasonRequired,
      path: ["closeReason"],
    }),
    z.refine((update) => update.closeReason === undefined || update.status === "closed", {
      error: officeMessages.closeReasonWithoutClosing,
      path: ["closeReason"],
    }),
    z.refine((update) => update.status !== undefined || update.owner !== undefined, {
      error: officeMessages.invalidRequest,
      path: ["status"],
    }),
  );
export type LeadUpdateRequest = z.input<typeof leadUpdateRequestSchema>;
export type LeadUpdate = z.output<typeof leadUpdateRequestSchema>;

export const leadAnswerSchema = z.object({ lead: leadSchema });
export type LeadAnswer = z.infer<typeof leadAnswerSchema>;

/** POST /api/office/leads/:id/notes: an internal note (never mailed). */
export const noteRequestSchema = z.object({
  text: requiredText(officeMessages.noteRequired, officeLimits.note),
});
export type NoteRequest = z.input<typeof noteRequestSchema>;

/** POST /api/office/leads/:id/replies: mailed to the lead from the firm's address, threaded. */
export const replyRequestSchema = z.object({
  subject: requiredText(officeMessages.subjectRequired, officeLimits.replySubject),
  body: requiredText(officeMessages.bodyRequired, officeLimits.replyBody),
});
export type ReplyRequest = z.input<typeof replyRequestSchema>;

/** The answer of the notes and replies routes (201). */
export const eventAnswerSchema = z.object({ event: leadEventSchema });
export type EventAnswer = z.infer<typeof eventAnswerSchema>;
export * from "./people.js";
export * from "./audit.js";
export * from "./outbox.js";
export * from "./subscribers.js";
export * from "./comments.js";
