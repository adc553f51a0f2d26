import type { Page } from "@playwright/test";
import { contactContent } from "@site/shared/content";
import { validationMessages } from "@site/shared/messages";

/** The "Start the Conversation" form, found by its heading and its fields' labels. */
export function contactForm(page: Page) {
  const form = page.locator("form").filter({ has: page.getByLabel(/^\s*name/i) });
  return {
    form,
    heading: page.getByRole("heading", { name: contactContent.formHeading }),
    name: form.getByLabel(/^\s*name/i),
    email: form.getByLabel(/^\s*email/i),
    phone: form.getByLabel(/^\s*phone/i),
    subject: form.getByLabel(/^\s*subject/i),
    description: form.getByLabel(/^\s*(description|message)/i),
    submit: form.getByRole("button", { name: /send|submit/i }),
    /** The form's text that is exactly `message` (a field's error, say). */
    error: (message: string) => form.getByText(message, { exact: true }),
  };
}

export type ContactFormLocators = ReturnType<typeof contactForm>;

/** Each required field with the message its empty value must show. */
export const requiredFields = [
  { field: "name", message: validationMessages.nameRequired },
  { field: "email", message: validationMessages.emailRequired },
  { field: "subject", message: validationMessages.subjectRequired },
  { field: "description", message: validationMessages.descriptionRequired },
] as const;

/** The values of an inquiry, by field. */
export type ContactValues = Partial<
  Record<"name" | "email" | "phone" | "subject" | "description", string>
>;

/** Types each given value into its field, as a visitor would. */
export async function fillContact(form: ContactFormLocators, values: ContactValues): Promise<void> {
  for (const [field, value] of Object.entries(values) as [keyof ContactValues, string][])
    await form[field].fill(value);
}
