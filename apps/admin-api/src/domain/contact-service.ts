import { contactInputSchema, fieldErrorsOf } from "@site/shared/schemas";
import type { Store } from "../ports/store.js";
import { contactMails, type MailIdentity } from "./mails.js";
import { decoyId, honeypotFilled, type Outcome } from "./outcomes.js";

export type SubmitContactOutcome = Outcome<{ kind: "dropped"; id: string }>;

export interface ContactService {
  submit(body: unknown): Promise<SubmitContactOutcome>;
}

export function createContactService({
  store,
  identity,
  onMailQueued = () => undefined,
}: {
  store: Store;
  identity: MailIdentity;
  /** Told once the contact and its mails are committed. */
  onMailQueued?: () => void;
}): ContactService {
  return {
    async submit(body) {
      const parsed = contactInputSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const { website, ...contact } = parsed.data;
      if (honeypotFilled(website)) return { kind: "dropped", id: decoyId() };
      try {
        // The contact and both mails commit together: no contact without its mails, no mail without its contact.
        const { id } = await store.addContactWithMails(contact, (contactId) =>
          contactMails(contact, contactId, identity),
        );
        onMailQueued();
        return { kind: "created", id };
      } catch (cause) {
        return { kind: "unavailable", cause };
      }
    },
  };
}
