import { z } from "./zod.js";
import type { MessageRef } from "../i18n/message-ref.js";
import { messageRefOf } from "./keyed.js";

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
  return withFieldErrorRefs(fieldErrors, refs);
}

/**
 * `fieldErrors` with their messages' catalogue keys riding along unseen, as `fieldErrorsOf` gives them:
 * for field errors made elsewhere (the API's own checks of a submission), read by `fieldErrorRefsOf`.
 */
export function withFieldErrorRefs(
  fieldErrors: Record<string, string>,
  refs: Readonly<Record<string, MessageRef>>,
): Record<string, string> {
  Object.defineProperty(fieldErrors, fieldErrorRefs, { value: refs });
  return fieldErrors;
}

/** The catalogue keys of `fieldErrorsOf`'s messages (none for field errors made any other way). */
export function fieldErrorRefsOf(
  fieldErrors: Readonly<Record<string, string>>,
): Readonly<Record<string, MessageRef>> {
  return (fieldErrors as { [fieldErrorRefs]?: Record<string, MessageRef> })[fieldErrorRefs] ?? {};
}
