import { contactInputSchema } from "@site/shared/schemas";
import type { Store } from "../ports/store.js";
import type { AutomaticMailLimiter } from "../mail/limits.js";
import { contactMails, type MailIdentity } from "../mail/templates.js";
import type { RequestContext } from "../common/outcomes.js";
import {
  createSubmission,
  screenNothing,
  type SubmissionDeps,
  type SubmissionOutcome,
} from "../common/submission.js";

export type SubmitContactOutcome = SubmissionOutcome;

export interface ContactService {
  /** `context.refererPath`: the page a form posted without script was on (consent's fallback page). */
  submit(body: unknown, context?: RequestContext): Promise<SubmitContactOutcome>;
}

export function createContactService({
  store,
  identity,
  limiter,
  ...deps
}: SubmissionDeps & {
  store: Store;
  identity: MailIdentity;
  /** Caps the acknowledgement (automatic mail to whatever address was typed); never the notification. */
  limiter: AutomaticMailLimiter;
}): ContactService {
  const submit: ContactService["submit"] = createSubmission(
    {
      schema: contactInputSchema,
      scope: "contact",
      screen: screenNothing,
      entry: (fields, { consent, locale }) => ({ ...fields, consent, locale }),
      async write(contact, claim) {
        // The contact and both mails commit together: no contact without its mails, no mail without its
        // contact. Past a limit only the acknowledgement is left out; the firm is notified regardless.
        const { id, skipped, replayed } = await store.addContactWithMails(
          contact,
          (contactId) =>
            contactMails(contact, contactId, identity).map((mail) =>
              mail.meta.kind === "contact-acknowledgement" ? limiter.limit(mail) : mail,
            ),
          claim,
        );
        const answer = { kind: "created", id } as const;
        if (replayed) return { kind: "replayed", answer };
        return {
          kind: "stored",
          answer,
          reportSkipped: () => limiter.reportSkipped(skipped, { contactId: id }),
        };
      },
    },
    deps,
  );
  return { submit };
}
