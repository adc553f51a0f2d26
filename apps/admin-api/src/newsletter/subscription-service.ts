import { fieldErrorsOf, newsletterInputSchema } from "@site/shared/schemas";
import { IdempotencyKeyReusedError, type Store } from "../ports/store.js";
import type { Idempotency } from "../common/idempotency/fingerprint.js";
import { resolveConsent } from "../common/consent.js";
import { submissionLocale } from "../common/locale.js";
import type { AutomaticMailLimiter } from "../mail/limits.js";
import type { MailIdentity } from "../mail/templates.js";
import { resubscribeConfirmationMail, welcomeMail } from "./mails.js";
import { decoyId, honeypotFilled, type Outcome, type RequestContext } from "../common/outcomes.js";
import type { ResubscribeLinks } from "./resubscribe-links.js";
import type { UnsubscribeLinks } from "./unsubscribe-links.js";

/**
 * `confirm-mailed`: the address had unsubscribed. It stays so; a link to come back was mailed to it
 * (within the automatic-mail limits: the answer is the same when the limit left it out).
 */
export type SubscribeOutcome =
  | Outcome
  | { kind: "confirm-mailed"; id: string }
  | { kind: "duplicate" }
  | { kind: "dropped"; id: string };

export interface SubscriptionService {
  subscribe(body: unknown, context?: RequestContext): Promise<SubscribeOutcome>;
}

export function createSubscriptionService({
  store,
  identity,
  links,
  resubscribeLinks,
  limiter,
  idempotency,
  onMailQueued = () => undefined,
}: {
  store: Store;
  identity: MailIdentity;
  /** Answers a repeated submission (same key) with the first answer. */
  idempotency: Idempotency;
  /** Makes the personal unsubscribe link of the welcome mail. */
  links: UnsubscribeLinks;
  /** Makes the link an address that had unsubscribed must open to come back (Decision 10). */
  resubscribeLinks: ResubscribeLinks;
  /** Caps the welcome mail (automatic mail to whatever address was typed). */
  limiter: AutomaticMailLimiter;
  /** Told once a subscription and its welcome mail are committed. */
  onMailQueued?: () => void;
}): SubscriptionService {
  return {
    async subscribe(body, context = {}) {
      const parsed = newsletterInputSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      // The schema trims and lower-cases, so "A@X.com " and "a@x.com" are one subscriber.
      const { email, website, page, noticeVersion, idempotencyKey } = parsed.data;
      const locale = submissionLocale({
        locale: parsed.data.locale,
        page,
        refererPath: context.refererPath,
      });
      if (honeypotFilled(website)) return { kind: "dropped", id: decoyId() };
      const consent = resolveConsent({ page, noticeVersion, refererPath: context.refererPath });
      if (!consent.ok) return { kind: "invalid", fieldErrors: consent.fieldErrors };
      const keyed = idempotency.claimOf(
        "subscription",
        { header: context.idempotencyKey, field: idempotencyKey },
        { email, consent: consent.consent, locale },
      );
      if (!keyed.ok) return { kind: "invalid", fieldErrors: keyed.fieldErrors };
      try {
        // A new address: the subscription, its consent and the welcome mail commit together. An address
        // that had left: nothing of it changes, only the link to come back is queued, bound to when it
        // left and carrying this form's consent (Decision 10). Either mail within the automatic-mail
        // limits: past them it is left out and the answer is the same.
        const result = await store.addSubscription(
          { email, consent: consent.consent, locale },
          (subscriptionId, { departedAt }) => [
            limiter.limit(
              departedAt === null
                ? {
                    message: welcomeMail(
                      {
                        to: email,
                        unsubscribeUrl: links.url(subscriptionId),
                        returning: false,
                        locale,
                      },
                      identity,
                    ),
                    meta: { kind: "newsletter-welcome", subscriptionId },
                  }
                : {
                    message: resubscribeConfirmationMail(
                      {
                        to: email,
                        confirmUrl: resubscribeLinks.url({
                          subscriptionId,
                          departedAt,
                          locale,
                          consent: consent.consent,
                        }),
                        locale,
                      },
                      identity,
                    ),
                    meta: { kind: "newsletter-confirmation", subscriptionId },
                  },
            ),
          ],
          keyed.claim,
        );
        if (!result.created && result.reason === "duplicate") return { kind: "duplicate" };
        const outcome: SubscribeOutcome = result.created
          ? { kind: "created", id: result.id }
          : { kind: "confirm-mailed", id: result.id };
        // A repeat of a stored submission: the first answer, and nothing new to send.
        if (result.replayed) return outcome;
        limiter.reportSkipped(result.skipped, { subscriptionId: result.id });
        onMailQueued();
        return outcome;
      } catch (cause) {
        if (cause instanceof IdempotencyKeyReusedError) return { kind: "key-reused" };
        return { kind: "unavailable", cause };
      }
    },
  };
}
