import { z } from "./zod.js";
import { keyed, type CheckError } from "./keyed.js";
import {
  characterCount,
  fieldLimits,
  hasControlCharacters,
  simpleEmailPattern,
} from "./plain-text.js";

export {
  characterCount,
  commentRules,
  emailKey,
  fieldLimits,
  hasControlCharacters,
  linkCount,
  mailboxKey,
  simpleEmailHtmlPattern,
  simpleEmailPattern,
} from "./plain-text.js";

/**
 * At most `max` characters (code points), with the catalogue's message. It aborts the field's checks: a
 * value too long is never handed to a later rule or pattern. A string longer than `max` UTF-16 units
 * would fail anyway (a code point is one or two units), so checked first it costs nothing: counting
 * code points runs only on values that might fit.
 */
export const maxCharacters = (max: number) =>
  z.refine<string>((value) => value.length <= 2 * max && characterCount(value) <= max, {
    error: keyed("requestMessages.tooLong", { max }),
    abort: true,
  });

/** Refuses control characters (see `hasControlCharacters`), stopping the field's later checks. */
export const noControlCharacters = z.refine<string>((value) => !hasControlCharacters(value), {
  error: keyed("requestMessages.controlCharacters"),
  abort: true,
});

/**
 * The rule of every free-text field of every form: trimmed, Unicode NFC (so one word is stored and
 * compared one way), bounded in length, without control characters; then the field's own checks.
 */
export const freeText = (max: number, ...checks: z.core.$ZodCheck<string>[]) =>
  [z.trim(), z.normalize("NFC"), maxCharacters(max), noControlCharacters, ...checks] as const;

/** A trimmed string that must not be empty, bounded in length. */
export const requiredText = (message: CheckError, max: number) =>
  z
    .string({ error: message })
    .check(...freeText(max, z.minLength(1, { error: message })));

/** A trimmed, required email in the simple pattern, its length checked before the pattern runs. */
export const requiredEmail = (messages: { required: CheckError; invalid: CheckError }) =>
  z
    .string({ error: messages.required })
    .check(
      z.trim(),
      z.minLength(1, { error: messages.required, abort: true }),
      z.maxLength(fieldLimits.email, { error: messages.invalid, abort: true }),
      z.normalize("NFC"),
      z.regex(simpleEmailPattern, { error: messages.invalid }),
    );
