import { contactInputSchema, fieldErrorsOf } from "@site/shared/schemas";
import { IdempotencyKeyReusedError, type Store } from "../ports/store.js";
import type { Idempotency } from "../common/idempotency/fingerprint.js";
import { resolveConsent } from "../common/consent.js";
import { submissionLocale } from "../common/locale.js";
import type { AutomaticMailLimiter } from "../mail/limits.js";
import { contactMails, type MailIdentity } from "../mail/templates.js";
import { decoyId, honeypotFilled, type Outcome, type RequestContext } from "../common/outcomes.js";

export type SubmitContactOutcome = Outcome<{ kind: "dropped"; id: string }>;

export interface ContactService {
  /** `context.refererPath`: the page a form posted without script was on (consent's fallback page). */
  submit(body: unknown, context?: RequestContext): Promise<SubmitContactOutcome>;
}

export function createContactService({
  store,
  identity,
  limiter,
  idempotency,
  onMailQueued = () => undefined,
}: {
  store: Store;
  identity: MailIdentity;
  /** Answers a repeated submission (same key) with the first answer. */
  idempotency: Idempotency;
  /** Caps the acknowledgement (automatic mail to whatever address was typed); never the notification. */
  limiter: AutomaticMailLimiter;
  /** Told once the contact and its mails are committed. */
  onMailQueued?: () => void;
}): ContactService {
  return {
    async submit(body, context = {}) {
      const parsed = contactInputSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const { website, page, noticeVersion, idempotencyKey, locale, ...fields } = parsed.data;
      if (honeypotFilled(website)) return { kind: "dropped", id: decoyId() };
      const consent = resolveConsent({ page, noticeVersion, refererPath: context.refererPath });
      if (!consent.ok) return { kind: "invalid", fieldErrors: consent.fieldErrors };
      const contact = {
        ...fields,
        consent: consent.consent,
        locale: submissionLocale({ locale, page, refererPath: context.refererPath }),
      };
      const keyed = idempotency.claimOf(
        "contact",
        { header: context.idempotencyKey, field: idempotencyKey },
        contact,
      );
      if (!keyed.ok) return { kind: "invalid", fieldErrors: keyed.fieldErrors };
      try {
        // The contact and both mails commit together: no contact without its mails, no mail without its
        // contact. Past a limit only the acknowledgement is left out; the firm is notified regardless.
        const { id, skipped, replayed } = await store.addContactWithMails(
          contact,
          (contactId) =>
            contactMails(contact, contactId, identity).map((mail) =>
              mail.meta.kind === "contact-acknowledgement" ? limiter.limit(mail) : mail,
            ),
          keyed.claim,
        );
        // A repeat of a stored submission: the first answer, and nothing new to send.
        if (replayed) return { kind: "created", id };
        limiter.reportSkipped(skipped, { contactId: id });
        onMailQueued();
        return { kind: "created", id };
      } catch (cause) {
        if (cause instanceof IdempotencyKeyReusedError) return { kind: "key-reused" };
        return { kind: "unavailable", cause };
      }
    },
  };
}
