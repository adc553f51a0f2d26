import { z } from "./zod.js";
import { locales } from "../i18n/index.js";
import { keyed } from "./keyed.js";
import {
  characterCount,
  commentRules,
  emailKey,
  fieldLimits,
  freeText,
  linkCount,
  maxCharacters,
  noControlCharacters,
  requiredEmail,
  requiredText,
} from "./text-rules.js";

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
