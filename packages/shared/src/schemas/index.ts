/**
 * `@site/shared/schemas`: what the browser's forms and the API validate alike, by purpose:
 * - zod.ts: zod/mini set up for the browser's strict CSP (jitless), the one `z` every module uses;
 * - keyed.ts: how a refusal carries its catalogue key (`messageRefOf`);
 * - text-rules.ts: the rules of free text and email addresses, and the fields' length limits;
 * - forms.ts: each form's schema (contact, comment, newsletter, the admin tools' send-email request);
 * - api-result.ts: the answers' shape, and the field errors with their keys (`fieldErrorsOf`).
 */
export { messageRefOf } from "./keyed.js";
export {
  characterCount,
  commentRules,
  emailKey,
  fieldLimits,
  freeText,
  hasControlCharacters,
  linkCount,
  mailboxKey,
  maxCharacters,
  noControlCharacters,
  requiredEmail,
  simpleEmailHtmlPattern,
  simpleEmailPattern,
} from "./text-rules.js";
export {
  commentFields,
  commentInputSchema,
  contactFields,
  contactInputSchema,
  idempotencyKeyHeader,
  idempotencyKeyPattern,
  newsletterInputSchema,
  sendEmailRequestSchema,
  type Comment,
  type CommentField,
  type CommentInput,
  type Contact,
  type ContactField,
  type ContactInput,
  type Newsletter,
  type NewsletterInput,
  type SendEmailRequest,
} from "./forms.js";
export {
  apiFailureSchema,
  apiResultSchema,
  apiSuccessSchema,
  fieldErrorRefsOf,
  fieldErrorsOf,
  messageKeysHeader,
  messageRefSchema,
  withFieldErrorRefs,
  type ApiFailure,
  type ApiResult,
  type ApiSuccess,
} from "./api-result.js";
