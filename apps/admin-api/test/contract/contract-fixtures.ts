import type { NewContact, NewMail, SubscribeResult } from "../../src/ports/store.js";

/** Records the capability contracts share (each test makes its own rows from them). */
export const contact = (overrides: Partial<NewContact> = {}): NewContact => ({
  name: "Wanjiku Kamau",
  email: "wanjiku@example.com",
  phone: "+254 711 000 000",
  subject: "Strategy review",
  description: "We would like a review of our five-year plan.",
  ...overrides,
});
export const mail = (
  overrides: Partial<NewMail["message"]> = {},
  meta: NewMail["meta"] = { kind: "admin" },
): NewMail => ({
  message: {
    to: "someone@example.com",
    subject: "Hello",
    text: "Hello",
    html: "<p>Hello</p>",
    ...overrides,
  },
  meta,
});
export const contactMails = (contactId: string): NewMail[] => [
  mail(
    { to: "wanjiku@example.com", subject: "We received your message" },
    {
      kind: "contact-acknowledgement",
      contactId,
    },
  ),
  mail(
    { to: "inbox@example.com", replyTo: "wanjiku@example.com", subject: "New inquiry" },
    {
      kind: "contact-notification",
      contactId,
    },
  ),
];
export const createdId = (result: SubscribeResult | undefined): string => {
  if (!result?.created)
    throw new Error(`expected a created subscription, got ${JSON.stringify(result)}`);
  return result.id;
};
