import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { MessageTree } from "@site/shared/i18n/message-sources";
import { localText } from "@site/shared/i18n/message-ref";
import { messageRefOf } from "@site/shared/schemas";

/** What the resolver needs of a shared schema: zod's `safeParse`. */
interface FormSchema<Output> {
  safeParse(
    values: unknown,
  ):
    | { success: true; data: Output }
    | { success: false; error: { issues: Parameters<typeof messageRefOf>[0][] } };
}

/**
 * React Hook Form's resolver for a shared schema (the API runs the same one), its messages in the page's
 * language: each refusal carries its catalogue key (`messageRefOf`), read in `messages`. The first issue
 * of each field is its error, as the API's `fieldErrorsOf` picks it.
 */
export function schemaResolver<Input extends FieldValues, Output>(
  schema: FormSchema<Output>,
  messages: MessageTree,
): Resolver<Input, unknown, Output> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join(".");
      errors[field] ??= {
        type: issue.code ?? "invalid",
        message: localText(issue.message, messageRefOf(issue), messages),
      };
    }
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
}
