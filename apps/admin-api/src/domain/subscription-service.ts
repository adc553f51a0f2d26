import { fieldErrorsOf, newsletterInputSchema } from "@site/shared/schemas";
import type { Store } from "../ports/store.js";
import { resolveConsent } from "./consent.js";
import type { AutomaticMailLimiter } from "./mail-limits.js";
import type { MailIdentity } from "./mails.js";
import { welcomeMail } from "./newsletter-mails.js";
import { decoyId, honeypotFilled, type Outcome } from "./outcomes.js";
import type { UnsubscribeLinks } from "./unsubscribe-links.js";

/** `created` carries `returning`: the address had unsubscribed and is subscribed again. */
export type SubscribeOutcome =
  | Exclude<Outcome, { kind: "created" }>
  | { kind: "created"; id: string; returning: boolean }
  | { kind: "duplicate" }
  | { kind: "dropped"; id: string };

/** What the request says besides its body. */
export interface RequestContext {
  /** The Referer's path when it is this site's (the page a form posted without script was on). */
  refererPath?: string | undefined;
}

export interface SubscriptionService {
  subscribe(body: unknown, context?: RequestContext): Promise<SubscribeOutcome>;
}

export function createSubscriptionService({
  store,
  identity,
  links,
  limiter,
  onMailQueued = () => undefined,
}: {
  store: Store;
  identity: MailIdentity;
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
      const { email, website, page, noticeVersion } = parsed.data;
      if (honeypotFilled(website)) return { kind: "dropped", id: decoyId() };
      const consent = resolveConsent({ page, noticeVersion, refererPath: context.refererPath });
      if (!consent.ok) return { kind: "invalid", fieldErrors: consent.fieldErrors };
      try {
        // The subscription, its consent and the welcome mail commit together (the mail within the
        // automatic-mail limits: past them it is left out, the subscription stands).
        const result = await store.addSubscription(
          { email, consent: consent.consent },
          (subscriptionId, { returning }) => [
            limiter.limit({
              message: welcomeMail(
                { to: email, unsubscribeUrl: links.url(subscriptionId), returning },
                identity,
              ),
              meta: { kind: "newsletter-welcome", subscriptionId },
            }),
          ],
        );
        if (!result.created) return { kind: "duplicate" };
        limiter.reportSkipped(result.skipped, { subscriptionId: result.id });
        onMailQueued();
        return { kind: "created", id: result.id, returning: result.returning };
      } catch (cause) {
        return { kind: "unavailable", cause };
      }
    },
  };
}
