import { z } from "zod";
import { validationMessages } from "../messages/index.js";

/** The spec's "simple pattern": text, at sign, text, dot, text, no spaces. */
export const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The same pattern as an HTML `pattern` attribute (matched against the whole value). */
export const simpleEmailHtmlPattern = "[^\\s@]+@[^\\s@]+\\.[^\\s@]+";

/** Field length limits: generous for people, bounded for storage and mail. */
export const fieldLimits = {
  name: 120,
  email: 254,
  phone: 40,
  subject: 200,
  description: 5000,
} as const;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Please keep this under ${max} characters` });

/**
 * The contact form. Values are trimmed before the empty check. An empty email says "Email is required";
 * a non-empty malformed one says "Invalid email format" (DESIGN.md departs from the spec here).
 * `website` is the honeypot: people never see it, so a filled one marks a bot.
 */
export const contactInputSchema = z.object({
  name: requiredText(validationMessages.nameRequired, fieldLimits.name),
  email: z
    .string({ error: validationMessages.emailRequired })
    .trim()
    .min(1, { error: validationMessages.emailRequired })
    .max(fieldLimits.email, { error: validationMessages.emailInvalid })
    .regex(simpleEmailPattern, { error: validationMessages.emailInvalid }),
  phone: z
    .string()
    .trim()
    .max(fieldLimits.phone, { error: `Please keep this under ${fieldLimits.phone} characters` })
    .optional()
    .transform((value) => (value ? value : undefined)),
  subject: requiredText(validationMessages.subjectRequired, fieldLimits.subject),
  description: requiredText(validationMessages.descriptionRequired, fieldLimits.description),
  website: z.string().optional(),
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type Contact = z.output<typeof contactInputSchema>;
export type ContactField = Exclude<keyof ContactInput, "website">;
export const contactFields = ["name", "email", "phone", "subject", "description"] as const satisfies readonly ContactField[];

/** Newsletter: one required email matching the simple pattern; the server stores it lower-cased. */
export const newsletterInputSchema = z.object({
  email: z
    .string({ error: validationMessages.newsletterEmailInvalid })
    .trim()
    .min(1, { error: validationMessages.newsletterEmailInvalid })
    .max(fieldLimits.email, { error: validationMessages.newsletterEmailInvalid })
    .regex(simpleEmailPattern, { error: validationMessages.newsletterEmailInvalid })
    .transform((email) => email.toLowerCase()),
  website: z.string().optional(),
});
export type NewsletterInput = z.input<typeof newsletterInputSchema>;
export type Newsletter = z.output<typeof newsletterInputSchema>;

/** The admin application's send-email request (spec call 4). */
export const sendEmailRequestSchema = z.object({
  to: z
    .string({ error: validationMessages.emailRequired })
    .trim()
    .min(1, { error: validationMessages.emailRequired })
    .max(fieldLimits.email, { error: validationMessages.emailInvalid })
    .regex(simpleEmailPattern, { error: validationMessages.emailInvalid }),
  name: requiredText(validationMessages.nameRequired, fieldLimits.name),
  subject: requiredText(validationMessages.subjectRequired, fieldLimits.subject),
  description: requiredText(validationMessages.descriptionRequired, fieldLimits.description),
});
export type SendEmailRequest = z.infer<typeof sendEmailRequestSchema>;

/** API results: the spec's result fields (success, id, error), plus per-field messages on validation. */
export const apiSuccessSchema = z.object({ success: z.literal(true), id: z.string() });
export const apiFailureSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export const apiResultSchema = z.discriminatedUnion("success", [apiSuccessSchema, apiFailureSchema]);
export type ApiSuccess = z.infer<typeof apiSuccessSchema>;
export type ApiFailure = z.infer<typeof apiFailureSchema>;
export type ApiResult = z.infer<typeof apiResultSchema>;

/** The first message for each field of a failed parse, keyed by field name. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    const key = field === undefined ? "_" : String(field);
    fieldErrors[key] ??= issue.message;
  }
  return fieldErrors;
}
