import type { Locale } from "@site/shared/i18n";
import type { Store } from "../ports/store.js";
import type { UnsubscribeLinks } from "./unsubscribe-links.js";

export type UnsubscribePreview =
  /** `locale`: the language the person subscribed in, which the pages speak. */
  | { kind: "valid"; email: string; subscribed: boolean; locale: Locale }
  | { kind: "invalid" }
  | { kind: "unavailable"; cause: unknown };

export type UnsubscribeOutcome =
  | { kind: "unsubscribed"; locale: Locale }
  | { kind: "already"; locale: Locale }
  | { kind: "invalid" }
  | { kind: "unavailable"; cause: unknown };

export interface UnsubscribeService {
  /** What the link's page shows (a GET): whose subscription, and whether it is still on. Changes nothing. */
  preview(token: unknown): Promise<UnsubscribePreview>;
  /** The POST: subscribed → unsubscribed. Repeating it is harmless ("already"). */
  confirm(token: unknown): Promise<UnsubscribeOutcome>;
}

export function createUnsubscribeService({
  store,
  links,
}: {
  store: Store;
  links: UnsubscribeLinks;
}): UnsubscribeService {
  // A token that does not verify never reaches the store.
  const idOf = (token: unknown) => (typeof token === "string" ? links.verify(token) : null);
  return {
    async preview(token) {
      const id = idOf(token);
      if (id === null) return { kind: "invalid" };
      try {
        const subscription = await store.getSubscription(id);
        // An erased subscriber's link verifies but finds nothing: as invalid as a made-up one.
        if (!subscription) return { kind: "invalid" };
        return {
          kind: "valid",
          email: subscription.email,
          subscribed: subscription.status === "subscribed",
          locale: subscription.locale,
        };
      } catch (cause) {
        return { kind: "unavailable", cause };
      }
    },
    async confirm(token) {
      const id = idOf(token);
      if (id === null) return { kind: "invalid" };
      try {
        const result = await store.unsubscribe(id);
        if (result === "unknown") return { kind: "invalid" };
        const subscription = await store.getSubscription(id);
        return { kind: result, locale: subscription?.locale ?? "en" };
      } catch (cause) {
        return { kind: "unavailable", cause };
      }
    },
  };
}
