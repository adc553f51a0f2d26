import type { Locale } from "@site/shared/i18n";
import type { Store } from "../ports/store.js";
import type { AutomaticMailLimiter } from "../mail/limits.js";
import type { MailIdentity } from "../mail/templates.js";
import { welcomeMail } from "./mails.js";
import type { ResubscribeLinks, ResubscribeRequest } from "./resubscribe-links.js";
import type { UnsubscribeLinks } from "./unsubscribe-links.js";

/**
 * What a confirmation link leads to. `forged`: not made by us for this use (altered, cut short, another
 * link's token). `gone`: signed, but it no longer decides anything: expired, already used, the address
 * left again after it was sent, or its data was erased (the page does not say which).
 */
export type ResubscribePreview =
  | { kind: "valid"; email: string; locale: Locale }
  | { kind: "forged" }
  | { kind: "gone"; locale: Locale }
  | { kind: "unavailable"; cause: unknown; locale: Locale };

export type ResubscribeOutcome =
  | { kind: "resubscribed"; locale: Locale }
  | { kind: "forged" }
  | { kind: "gone"; locale: Locale }
  | { kind: "unavailable"; cause: unknown; locale: Locale };

export interface ResubscribeService {
  /** The link's page (a GET): whose subscription would come back. Changes nothing. */
  preview(token: unknown): Promise<ResubscribePreview>;
  /** The page's button (a POST): the address is subscribed again, with the form's consent, once. */
  confirm(token: unknown): Promise<ResubscribeOutcome>;
}

export function createResubscribeService({
  store,
  links,
  unsubscribeLinks,
  limiter,
  identity,
  onMailQueued = () => undefined,
}: {
  store: Store;
  links: ResubscribeLinks;
  /** The way out, in the welcome-back mail. */
  unsubscribeLinks: UnsubscribeLinks;
  /** Caps the welcome-back mail, as every automatic mail. */
  limiter: AutomaticMailLimiter;
  identity: MailIdentity;
  onMailQueued?: () => void;
}): ResubscribeService {
  /** A token that does not verify never reaches the store. */
  const verified = (
    token: unknown,
  ): ResubscribeRequest | { kind: "forged" } | { kind: "gone"; locale: Locale } => {
    if (typeof token !== "string") return { kind: "forged" };
    const link = links.verify(token);
    if (link.ok) return link;
    return link.reason === "forged" ? { kind: "forged" } : { kind: "gone", locale: link.locale };
  };
  /** Whether the subscription is still as the link saw it: unsubscribed since that very moment. */
  const stillDeparted = (
    subscription: Awaited<ReturnType<Store["getSubscription"]>>,
    request: ResubscribeRequest,
  ) =>
    subscription !== null &&
    subscription.status === "unsubscribed" &&
    subscription.unsubscribedAt?.getTime() === request.departedAt.getTime();

  return {
    async preview(token) {
      const request = verified(token);
      if ("kind" in request) return request;
      const { locale } = request;
      try {
        const subscription = await store.getSubscription(request.subscriptionId);
        if (!subscription || !stillDeparted(subscription, request)) return { kind: "gone", locale };
        return { kind: "valid", email: subscription.email, locale };
      } catch (cause) {
        return { kind: "unavailable", cause, locale };
      }
    },
    async confirm(token) {
      const request = verified(token);
      if ("kind" in request) return request;
      const { subscriptionId, departedAt, locale, consent } = request;
      try {
        // The address for the welcome back; the store checks the departure again, atomically.
        const subscription = await store.getSubscription(subscriptionId);
        if (!subscription || !stillDeparted(subscription, request)) return { kind: "gone", locale };
        const result = await store.resubscribe(
          subscriptionId,
          departedAt,
          { consent, locale },
          (id) => [
            limiter.limit({
              message: welcomeMail(
                {
                  to: subscription.email,
                  unsubscribeUrl: unsubscribeLinks.url(id),
                  returning: true,
                  locale,
                },
                identity,
              ),
              meta: { kind: "newsletter-welcome", subscriptionId: id },
            }),
          ],
        );
        if (result.outcome !== "resubscribed") return { kind: "gone", locale };
        limiter.reportSkipped(result.skipped, { subscriptionId });
        onMailQueued();
        return { kind: "resubscribed", locale };
      } catch (cause) {
        return { kind: "unavailable", cause, locale };
      }
    },
  };
}
