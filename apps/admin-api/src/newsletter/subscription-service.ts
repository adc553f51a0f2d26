import { newsletterInputSchema } from "@site/shared/schemas";
import type { Store } from "../ports/store.js";
import type { AutomaticMailLimiter } from "../mail/limits.js";
import type { MailIdentity } from "../mail/templates.js";
import { resubscribeConfirmationMail, welcomeMail } from "./mails.js";
import type { RequestContext } from "../common/outcomes.js";
import {
  createSubmission,
  screenNothing,
  type SubmissionDeps,
  type SubmissionOutcome,
} from "../common/submission.js";
import type { ResubscribeLinks } from "./resubscribe-links.js";
import type { UnsubscribeLinks } from "./unsubscribe-links.js";

/**
 * `confirm-mailed`: the address had unsubscribed. It stays so; a link to come back was mailed to it
 * (within the automatic-mail limits: the answer is the same when the limit left it out).
 */
export type SubscribeOutcome = SubmissionOutcome<
  { kind: "confirm-mailed"; id: string } | { kind: "duplicate" }
>;

export interface SubscriptionService {
  subscribe(body: unknown, context?: RequestContext): Promise<SubscribeOutcome>;
}

export function createSubscriptionService({
  store,
  identity,
  links,
  resubscribeLinks,
  limiter,
  ...deps
}: SubmissionDeps & {
  store: Store;
  identity: MailIdentity;
  /** Makes the personal unsubscribe link of the welcome mail. */
  links: UnsubscribeLinks;
  /** Makes the link an address that had unsubscribed must open to come back (Decision 10). */
  resubscribeLinks: ResubscribeLinks;
  /** Caps the welcome mail (automatic mail to whatever address was typed). */
  limiter: AutomaticMailLimiter;
}): SubscriptionService {
  const subscribe: SubscriptionService["subscribe"] = createSubmission(
    {
      // The schema trims and lower-cases, so "A@X.com " and "a@x.com" are one subscriber.
      schema: newsletterInputSchema,
      scope: "subscription",
      screen: screenNothing,
      entry: ({ email }, { consent, locale }) => ({ email, consent, locale }),
      async write(subscription, claim) {
        const { email, consent, locale } = subscription;
        // A new address: the subscription, its consent and the welcome mail commit together. An address
        // that had left: nothing of it changes, only the link to come back is queued, bound to when it
        // left and carrying this form's consent (Decision 10). Either mail within the automatic-mail
        // limits: past them it is left out and the answer is the same.
        const result = await store.addSubscription(
          subscription,
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
                          consent,
                        }),
                        locale,
                      },
                      identity,
                    ),
                    meta: { kind: "newsletter-confirmation", subscriptionId },
                  },
            ),
          ],
          claim,
        );
        if (!result.created && result.reason === "duplicate")
          return { kind: "unchanged", answer: { kind: "duplicate" } };
        const answer: SubscribeOutcome = result.created
          ? { kind: "created", id: result.id }
          : { kind: "confirm-mailed", id: result.id };
        if (result.replayed) return { kind: "replayed", answer };
        return {
          kind: "stored",
          answer,
          reportSkipped: () => limiter.reportSkipped(result.skipped, { subscriptionId: result.id }),
        };
      },
    },
    deps,
  );
  return { subscribe };
}
