import { fieldErrorsOf, newsletterInputSchema } from "@site/shared/schemas";
import { IdempotencyKeyReusedError, type Store } from "../ports/store.js";
import type { Idempotency } from "./idempotency.js";
import { resolveConsent } from "./consent.js";
import { submissionLocale } from "./locale.js";
import type { AutomaticMailLimiter } from "./mail-limits.js";
import type { MailIdentity } from "./mails.js";
import { welcomeMail } from "./newsletter-mails.js";
import { decoyId, honeypotFilled, type Outcome, type RequestContext } from "./outcomes.js";
import type { UnsubscribeLinks } from "./unsubscribe-links.js";

/** `created` carries `returning`: the address had unsubscribed and is subscribed again. */
export type SubscribeOutcome =
  | Exclude<Outcome, { kind: "created" }>
  | { kind: "created"; id: string; returning: boolean }
  | { kind: "duplicate" }
  | { kind: "dropped"; id: string };

export interface SubscriptionService {
  subscribe(body: unknown, context?: RequestContext): Promise<SubscribeOutcome>;
}

export function createSubscriptionService({
  store,
  identity,
  links,
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
        // The subscription, its consent and the welcome mail commit together (the mail within the
        // automatic-mail limits: past them it is left out, the subscription stands).
        const result = await store.addSubscription(
          { email, consent: consent.consent, locale },
          (subscriptionId, { returning }) => [
            limiter.limit({
              message: welcomeMail(
                { to: email, unsubscribeUrl: links.url(subscriptionId), returning, locale },
                identity,
              ),
              meta: { kind: "newsletter-welcome", subscriptionId },
            }),
          ],
          keyed.claim,
        );
        if (!result.created) return { kind: "duplicate" };
        // A repeat of a stored submission: the first answer, and nothing new to send.
        if (result.replayed) return { kind: "created", id: result.id, returning: result.returning };
        limiter.reportSkipped(result.skipped, { subscriptionId: result.id });
        onMailQueued();
        return { kind: "created", id: result.id, returning: result.returning };
      } catch (cause) {
        if (cause instanceof IdempotencyKeyReusedError) return { kind: "key-reused" };
        return { kind: "unavailable", cause };
      }
    },
  };
}
