import * as z from "zod/mini";
import { locales } from "../i18n/index.js";
import { freeText } from "../schemas/index.js";
import { officeLimits, outboxHeldBy, outboxKinds, outboxStates } from "./constants.js";
import { officeMessages } from "./messages.js";
import { cursorParam, day, daysInOrder, optionalParam } from "./fields.js";

/*
 * The office's mail outbox: the wire contract of /api/office/outbox, /api/office/outbox/:id and its
 * retry (apps/admin-api/src/mail/office-*.ts).
 */

const isoDateTime = z.iso.datetime();

/**
 * GET /api/office/outbox: the filters, as query parameters (kept in the office's URL). `from` and `to`
 * are UTC days, both included; `recipient` matches the beginning of the address (or all of it), any case.
 */
export const outboxQuerySchema = z
  .object({
    state: optionalParam(z.enum(outboxStates, { error: officeMessages.invalidRequest })),
    kind: optionalParam(z.enum(outboxKinds, { error: officeMessages.invalidRequest })),
    locale: optionalParam(z.enum(locales, { error: officeMessages.invalidRequest })),
    recipient: optionalParam(z.string().check(...freeText(officeLimits.email, z.toLowerCase()))),
    from: optionalParam(day),
    to: optionalParam(day),
    cursor: optionalParam(cursorParam(officeLimits.cursor)),
  })
  .check(daysInOrder);
export type OutboxQueryInput = z.input<typeof outboxQuerySchema>;
export type OutboxQuery = z.output<typeof outboxQuerySchema>;

export const outboxMailSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(outboxKinds),
  /** The recipient's address. */
  to: z.string(),
  locale: z.enum(locales),
  state: z.enum(outboxStates),
  /** The cap that held it; null unless `held`. */
  heldBy: z.nullable(z.enum(outboxHeldBy)),
  attempts: z.number(),
  /** The mail server's last answer to a failed attempt (kept until the mail is sent); null if none. */
  lastAnswer: z.nullable(z.string()),
  createdAt: isoDateTime,
  /** When the last attempt started; null before the first. */
  attemptedAt: z.nullable(isoDateTime),
  /** When it was sent, given up or held; null while queued or sending. */
  finishedAt: z.nullable(isoDateTime),
  /** When a queued mail is next due; null otherwise. */
  nextAttemptAt: z.nullable(isoDateTime),
  /** When staff retried it (once per mail); null if never. */
  retriedAt: z.nullable(isoDateTime),
});
export type OutboxMailSummary = z.infer<typeof outboxMailSummarySchema>;

export const outboxCountsSchema = z.object({
  queued: z.number(),
  sending: z.number(),
  sent: z.number(),
  failed: z.number(),
  held: z.number(),
});
export type OutboxCounts = z.infer<typeof outboxCountsSchema>;

/** The day's automatic mail (acknowledgements, welcomes) against MAIL_AUTOMATIC_DAILY_CAP. */
export const outboxCapSchema = z.object({
  /** The UTC day, YYYY-MM-DD. */
  day: z.string(),
  count: z.number(),
  cap: z.number(),
});
export type OutboxCap = z.infer<typeof outboxCapSchema>;

/** GET /api/office/outbox: one page, newest first, with the counts per state and the day's cap. */
export const outboxPageSchema = z.object({
  items: z.array(outboxMailSummarySchema),
  nextCursor: z.nullable(z.string()),
  counts: outboxCountsSchema,
  cap: outboxCapSchema,
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

/** A mail's body while it is kept; after the retention job emptied it, when (null: never kept, held). */
export const outboxBodySchema = z.discriminatedUnion("kept", [
  z.object({ kept: z.literal(true), subject: z.string(), text: z.string() }),
  z.object({ kept: z.literal(false), subject: z.string(), removedAt: z.nullable(isoDateTime) }),
]);
export type OutboxBody = z.infer<typeof outboxBodySchema>;

export const outboxMailSchema = z.extend(outboxMailSummarySchema, {
  /** The address answers go to, if the mail sets one. */
  replyTo: z.nullable(z.string()),
  /** The SMTP server's id for a sent mail. */
  messageId: z.nullable(z.string()),
  body: outboxBodySchema,
  /** Failed and never retried from the office: the retry button is offered. */
  retryable: z.boolean(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** GET /api/office/outbox/:id and POST /api/office/outbox/:id/retry (200). */
export const outboxMailAnswerSchema = z.object({ mail: outboxMailSchema });
export type OutboxMailAnswer = z.infer<typeof outboxMailAnswerSchema>;
