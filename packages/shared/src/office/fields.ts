import * as z from "zod/mini";
import { requiredEmail } from "../schemas/index.js";
import { officeMessages } from "./messages.js";

/* The fields several parts of the office contract parse alike (leads, people, the audit log). */

/** An address as its key (trimmed, NFC, lower case): staff are found by it. */
export const staffEmail = requiredEmail({
  required: officeMessages.emailInvalid,
  invalid: officeMessages.emailInvalid,
}).check(z.toLowerCase());

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day, YYYY-MM-DD, that exists (UTC). */
export const day = z.string({ error: officeMessages.invalidDate }).check(
  z.maxLength(10, { error: officeMessages.invalidDate, abort: true }),
  z.regex(dayPattern, { error: officeMessages.invalidDate, abort: true }),
  z.refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    },
    {
      error: officeMessages.invalidDate,
    },
  ),
);

/** An empty query parameter is no filter (a form's empty field). */
export const optionalParam = <T extends z.core.SomeType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) => (value === "" ? undefined : value)),
    z.optional(schema),
  );

/** A list's opaque keyset cursor, as the API hands it out (base64url). */
export const cursorParam = (max: number) =>
  z
    .string({ error: officeMessages.invalidCursor })
    .check(
      z.maxLength(max, { error: officeMessages.invalidCursor, abort: true }),
      z.regex(/^[\w-]+$/, { error: officeMessages.invalidCursor }),
    );

/** A list's days in order: `from` no later than `to` when both are given; refused at `to`. */
export const daysInOrder = z.refine<{ from?: string | undefined; to?: string | undefined }>(
  (query) => !query.from || !query.to || query.from <= query.to,
  { error: officeMessages.dateRange, path: ["to"] },
);
