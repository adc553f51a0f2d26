import { contactInputSchema, fieldErrorsOf } from "@site/shared/schemas";
import type { Store } from "../ports/store.js";
import { resolveConsent } from "./consent.js";
import type { AutomaticMailLimiter } from "./mail-limits.js";
import { contactMails, type MailIdentity } from "./mails.js";
import { decoyId, honeypotFilled, type Outcome } from "./outcomes.js";

export type SubmitContactOutcome = Outcome<{ kind: "dropped"; id: string }>;

export interface ContactService {
  /** `context.refererPath`: the page a form posted without script was on (consent's fallback page). */
  submit(
    body: unknown,
    context?: { refererPath?: string | undefined },
  ): Promise<SubmitContactOutcome>;
}

export function createContactService({
  store,
  identity,
  limiter,
  onMailQueued = () => undefined,
}: {
  store: Store;
  identity: MailIdentity;
  /** Caps the acknowledgement (automatic mail to whatever address was typed); never the notification. */
  limiter: AutomaticMailLimiter;
  /** Told once the contact and its mails are committed. */
  onMailQueued?: () => void;
}): ContactService {
  return {
    async submit(body, context = {}) {
      const parsed = contactInputSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const { website, page, noticeVersion, ...fields } = parsed.data;
      if (honeypotFilled(website)) return { kind: "dropped", id: decoyId() };
      const consent = resolveConsent({ page, noticeVersion, refererPath: context.refererPath });
      if (!consent.ok) return { kind: "invalid", fieldErrors: consent.fieldErrors };
      const contact = { ...fields, consent: consent.consent };
      try {
        // The contact and both mails commit together: no contact without its mails, no mail without its
        // contact. Past a limit only the acknowledgement is left out; the firm is notified regardless.
        const { id, skipped } = await store.addContactWithMails(contact, (contactId) =>
          contactMails(contact, contactId, identity).map((mail) =>
            mail.meta.kind === "contact-acknowledgement" ? limiter.limit(mail) : mail,
          ),
        );
        limiter.reportSkipped(skipped, { contactId: id });
        onMailQueued();
        return { kind: "created", id };
      } catch (cause) {
        return { kind: "unavailable", cause };
      }
    },
  };
}
