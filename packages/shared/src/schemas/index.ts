import * as z from "zod/mini";
import { locales } from "../i18n/index.js";
import { messageRef, messageText, type MessageKey, type MessageRef } from "../i18n/message-ref.js";
import { commentMessages, requestMessages, validationMessages } from "../messages/index.js";

/*
 * zod/mini keeps the browser's share of validation small (a few kB instead of ~28 kB gzip), and jitless
 * mode stops zod from probing `new Function`, which a strict Content-Security-Policy reports as a violation.
 */
z.config({ jitless: true });

/** The messages the schemas refuse with, in English (the issues' `message`). */
const englishMessages = { commentMessages, requestMessages, validationMessages };

/**
 * A check's error: the English message of `key` as the issue's `message`, and the key itself (with its
 * parameters) as the issue's `messageRef`, read by `messageRefOf`. Zod calls this with the issue it is
 * raising and copies the issue's own properties after (a test checks every refusal of every schema
 * carries its key), so a page in French reads the message's key instead of matching English words.
 */
function keyed(key: MessageKey, values?: Readonly<Record<string, string | number>>) {
  const ref = messageRef(key, values);
  const english = messageText(ref, englishMessages);
  if (english === undefined) throw new Error(`The schemas' message ${key} is not in the catalogue`);
  return (issue: Record<string, unknown>) => {
    issue["messageRef"] = ref;
    return english;
  };
}

/** A check's error: a text, or the catalogue's message with its key (`keyed`). */
type CheckError = string | ReturnType<typeof keyed>;

/** The catalogue key of a schema's refusal (see `keyed`), when it has one. */
export function messageRefOf(issue: z.core.$ZodIssue): MessageRef | undefined {
  return (issue as { messageRef?: MessageRef }).messageRef;
}

/**
 * An email address as real mailboxes spell them: the spec's "text, at sign, text, dot, text, no spaces",
 * narrowed to the characters mailboxes use. The local part is letters (any script), digits, marks and
 * `. _ + - '`, beginning with a letter, digit or underscore; the domain is labels of letters, digits,
 * marks and `-` joined by dots. Quotes, parentheses, spaces, `= < > , ; :` and the rest are refused, so an
 * address can never be a spreadsheet formula or markup. No class can match what its neighbour matches
 * (the local part stops at `@`, a label at `.`), so the pattern runs in linear time on any input; the
 * schemas still check the length first and stop there (`abort`).
 */
export const simpleEmailPattern =
  /^[\p{L}\p{N}_][\p{L}\p{M}\p{N}.'+_-]*@[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)+$/u;
/**
 * The browser's hint for the same rule as an HTML `pattern` attribute (matched against the whole value,
 * compiled with the `v` flag): text, at sign, dot-separated labels, no spaces. Looser than the schema,
 * which has the last word in the browser and on the server alike.
 */
export const simpleEmailHtmlPattern = "[^\\s@]+@[^\\s@.]+(\\.[^\\s@.]+)+";

/**
 * The key of an email address, by which every store finds a person's rows: trimmed, Unicode NFC, then
 * lower-cased by JavaScript (which, unlike SQLite's `lower()`, knows every script's capitals), so
 * `ÉLODIE@Example.com` and `élodie@example.com` are one person.
 */
export function emailKey(address: string): string {
  return address.trim().normalize("NFC").toLowerCase();
}

/**
 * The mailbox an address delivers to, for counting mail sent to it: its key without a sub-address tag
 * (`name+news@x` and `Name+1@x` are the mailbox `name@x`).
 */
export function mailboxKey(address: string): string {
  const key = emailKey(address);
  const at = key.lastIndexOf("@");
  if (at < 0) return key;
  const plus = key.indexOf("+");
  return plus >= 0 && plus < at ? `${key.slice(0, plus)}${key.slice(at)}` : key;
}

/**
 * Whether a text holds a control character free text may not: C0 but tab, line feed and carriage return,
 * DEL, and C1. They are invisible, cut mail headers and logs, and never come from a person typing.
 */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 ? code !== 0x09 && code !== 0x0a && code !== 0x0d : code >= 0x7f && code <= 0x9f)
      return true;
  }
  return false;
}

/**
 * Field length limits in characters (Unicode code points, see `characterCount`): generous for people,
 * bounded for storage and mail. Every field the forms post has one; the API derives its body-size limits
 * from them. `website` (the honeypot) is not checked, any content marking a bot, but is budgeted.
 */
export const fieldLimits = {
  name: 120,
  email: 254,
  phone: 40,
  subject: 200,
  description: 5000,
  page: 200,
  noticeVersion: 40,
  website: 200,
  idempotencyKey: 100,
  /** The language of the form's page, one of `locales` (room for a longer tag, refused by the schema). */
  locale: 16,
  /** A blog comment's text (the comment form; commentRules.minLength is its lower bound). */
  comment: 3000,
  /** The slug of the post a comment is for. */
  post: 120,
  /** The comment form's signed start time, filled in by the API when it serves the post page. */
  formStarted: 200,
} as const;

/** The comment form's own rules (docs/architecture.md, "Blog comments"). */
export const commentRules = {
  nameMax: 80,
  minLength: 2,
  maxLength: fieldLimits.comment,
  /** Links (http(s)://, www.) a comment may hold; more reads as spam. */
  maxLinks: 2,
} as const;

/** Links as a commenter writes them: a web address with or without its scheme. */
const linkPattern = /\b(?:https?:\/\/|www\.)[^\s<>"']+/giu;

/** How many links a text holds (see commentRules.maxLinks). */
export function linkCount(text: string): number {
  return text.match(linkPattern)?.length ?? 0;
}

/**
 * Characters as people count them: Unicode code points, so an emoji or a rare Chinese character is one,
 * where a string's `length` (UTF-16 units) says two. Amharic, Arabic, Chinese and emoji all count alike.
 */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

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
const requiredText = (message: CheckError, max: number) =>
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

/**
 * A submission's idempotency key: made in the browser once per submission (22 URL-safe characters from 16
 * random bytes), sent in the `Idempotency-Key` header by script or as the hidden `idempotencyKey` field of
 * a form post. The API answers a key it has seen with the first answer and creates nothing new, so
 * retries, an offline queue replayed later and double taps are safe.
 */
export const idempotencyKeyHeader = "Idempotency-Key";
export const idempotencyKeyPattern = /^[\w-]{16,100}$/;

/**
 * Sent by every form: the submission's idempotency key (optional: a form posted without script has none)
 * and the language of the page it is on (the API answers, stores and mails in it). Without `locale`, the
 * API reads the language from the page's path (`page`, else the Referer: "/fr/contact"), else English.
 */
const submissionFields = {
  idempotencyKey: z.optional(
    z
      .string()
      .check(
        z.maxLength(fieldLimits.idempotencyKey, {
          error: keyed("requestMessages.idempotencyKeyInvalid"),
          abort: true,
        }),
        z.regex(idempotencyKeyPattern, { error: keyed("requestMessages.idempotencyKeyInvalid") }),
      ),
  ),
  locale: z.optional(z.enum(locales, { error: keyed("requestMessages.unknownLocale") })),
};

/**
 * Where and under which notice consent was given, sent by both forms: the path of the page the form is on
 * and the privacy notice version it showed. Optional here; the API checks them against the site's routes
 * and notice versions (content/) and records them with the submission.
 */
const consentFields = {
  page: z.optional(z.string().check(maxCharacters(fieldLimits.page), noControlCharacters)),
  noticeVersion: z.optional(
    z.string().check(maxCharacters(fieldLimits.noticeVersion), noControlCharacters),
  ),
};

/**
 * The contact form. Values are trimmed before the empty check. An empty email says "Email is required";
 * a non-empty malformed one says "Invalid email format" (docs/architecture.md departs from the spec here).
 * `website` is the honeypot: people never see it, so a filled one marks a bot.
 */
export const contactInputSchema = z.object({
  name: requiredText(keyed("validationMessages.nameRequired"), fieldLimits.name),
  email: requiredEmail({
    required: keyed("validationMessages.emailRequired"),
    invalid: keyed("validationMessages.emailInvalid"),
  }),
  phone: z.pipe(
    z.optional(z.string().check(...freeText(fieldLimits.phone))),
    z.transform((value: string | undefined) => (value ? value : undefined)),
  ),
  subject: requiredText(keyed("validationMessages.subjectRequired"), fieldLimits.subject),
  description: requiredText(keyed("validationMessages.descriptionRequired"), fieldLimits.description),
  website: z.optional(z.string()),
  ...consentFields,
  ...submissionFields,
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type Contact = z.output<typeof contactInputSchema>;
export type ContactField = Exclude<
  keyof ContactInput,
  "website" | keyof typeof consentFields | keyof typeof submissionFields
>;
export const contactFields = [
  "name",
  "email",
  "phone",
  "subject",
  "description",
] as const satisfies readonly ContactField[];

/**
 * A blog comment. The email is never shown to anyone: the firm may need it to answer a question about the
 * comment, nobody else sees it and nothing is mailed to it. `post` is the post's slug; `formStarted` is the
 * signed time the API wrote into the page (the minimum fill time, checked by the API only); `website` is
 * the honeypot.
 */
export const commentInputSchema = z.object({
  name: z
    .string({ error: keyed("commentMessages.nameRequired") })
    .check(...freeText(commentRules.nameMax, z.minLength(1, { error: keyed("commentMessages.nameRequired") }))),
  email: requiredEmail({
    required: keyed("validationMessages.emailRequired"),
    invalid: keyed("validationMessages.emailInvalid"),
  }),
  comment: z.string({ error: keyed("commentMessages.commentRequired") }).check(
    ...freeText(
      commentRules.maxLength,
      z.minLength(1, { error: keyed("commentMessages.commentRequired"), abort: true }),
      z.refine<string>((value) => characterCount(value) >= commentRules.minLength, {
        error: keyed("commentMessages.commentTooShort"),
      }),
      z.refine<string>((value) => linkCount(value) <= commentRules.maxLinks, {
        error: keyed("commentMessages.tooManyLinks"),
      }),
    ),
  ),
  post: z
    .string({ error: keyed("commentMessages.unknownPost") })
    .check(maxCharacters(fieldLimits.post), noControlCharacters),
  formStarted: z.optional(
    z.string().check(maxCharacters(fieldLimits.formStarted), noControlCharacters),
  ),
  website: z.optional(z.string()),
  ...consentFields,
  ...submissionFields,
});
export type CommentInput = z.input<typeof commentInputSchema>;
export type Comment = z.output<typeof commentInputSchema>;
/** The fields a person fills in (the others are hidden). */
export const commentFields = [
  "name",
  "email",
  "comment",
] as const satisfies readonly (keyof CommentInput)[];
export type CommentField = (typeof commentFields)[number];

/** Newsletter: one required email matching the simple pattern; the server stores it lower-cased. */
export const newsletterInputSchema = z.object({
  email: z.pipe(
    requiredEmail({
      required: keyed("validationMessages.newsletterEmailInvalid"),
      invalid: keyed("validationMessages.newsletterEmailInvalid"),
    }),
    z.transform(emailKey),
  ),
  website: z.optional(z.string()),
  ...consentFields,
  ...submissionFields,
});
export type NewsletterInput = z.input<typeof newsletterInputSchema>;
export type Newsletter = z.output<typeof newsletterInputSchema>;

/** The admin application's send-email request (spec call 4). */
export const sendEmailRequestSchema = z.object({
  to: requiredEmail({
    required: keyed("validationMessages.emailRequired"),
    invalid: keyed("validationMessages.emailInvalid"),
  }),
  name: requiredText(keyed("validationMessages.nameRequired"), fieldLimits.name),
  subject: requiredText(keyed("validationMessages.subjectRequired"), fieldLimits.subject),
  description: requiredText(keyed("validationMessages.descriptionRequired"), fieldLimits.description),
});
export type SendEmailRequest = z.infer<typeof sendEmailRequestSchema>;

/**
 * A request header saying the client reads message keys: the API then answers with each message's
 * catalogue key beside its text (`messageRef`, `errorRef`, `fieldErrorRefs`), so the page shows it in its
 * own language. Without it the answer is the spec's fields alone, as every answer was before keys.
 */
export const messageKeysHeader = "Message-Keys";

/** A message's catalogue key and parameters in an answer (see `MessageRef`). */
export const messageRefSchema = z.object({
  key: z.string().check(z.maxLength(200)),
  values: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
});

/** API results: the spec's result fields (success, id, error), plus per-field messages on validation. */
export const apiSuccessSchema = z.object({
  success: z.literal(true),
  id: z.string(),
  /** When the outcome needs saying in other words than the form's usual success (a returning subscriber). */
  message: z.optional(z.string()),
  /** `message`'s key, when the client asked for keys (`messageKeysHeader`). */
  messageRef: z.optional(messageRefSchema),
});
export const apiFailureSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  fieldErrors: z.optional(z.record(z.string(), z.string())),
  /** `error`'s key and each field error's, when the client asked for keys and the message has one. */
  errorRef: z.optional(messageRefSchema),
  fieldErrorRefs: z.optional(z.record(z.string(), messageRefSchema)),
});
export const apiResultSchema = z.discriminatedUnion("success", [
  apiSuccessSchema,
  apiFailureSchema,
]);
export type ApiSuccess = z.infer<typeof apiSuccessSchema>;
export type ApiFailure = z.infer<typeof apiFailureSchema>;
export type ApiResult = z.infer<typeof apiResultSchema>;

/** Where `fieldErrorsOf` keeps its messages' keys: not enumerable, so JSON and equality see only the texts. */
const fieldErrorRefs = Symbol("fieldErrorRefs");

/**
 * The first message for each field of a failed parse, keyed by field name (a whole-object issue by "_").
 * The messages' catalogue keys ride along unseen: `fieldErrorRefsOf` reads them.
 */
export function fieldErrorsOf(error: z.core.$ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  const refs: Record<string, MessageRef> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    const key = field === undefined ? "_" : String(field);
    if (fieldErrors[key] !== undefined) continue;
    fieldErrors[key] = issue.message;
    const ref = messageRefOf(issue);
    if (ref) refs[key] = ref;
  }
  Object.defineProperty(fieldErrors, fieldErrorRefs, { value: refs });
  return fieldErrors;
}

/** The catalogue keys of `fieldErrorsOf`'s messages (none for field errors made any other way). */
export function fieldErrorRefsOf(
  fieldErrors: Readonly<Record<string, string>>,
): Readonly<Record<string, MessageRef>> {
  return (fieldErrors as { [fieldErrorRefs]?: Record<string, MessageRef> })[fieldErrorRefs] ?? {};
}
