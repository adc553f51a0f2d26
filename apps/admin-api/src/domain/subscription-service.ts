import { fieldErrorsOf, newsletterInputSchema } from "@site/shared/schemas";
import type { Store } from "../ports/store.js";
import { decoyId, honeypotFilled, type Outcome } from "./outcomes.js";

export type SubscribeOutcome = Outcome<{ kind: "duplicate" } | { kind: "dropped"; id: string }>;

export interface SubscriptionService {
  subscribe(body: unknown): Promise<SubscribeOutcome>;
}

export function createSubscriptionService({ store }: { store: Store }): SubscriptionService {
  return {
    async subscribe(body) {
      const parsed = newsletterInputSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      // The schema trims and lower-cases, so "A@X.com " and "a@x.com" are one subscriber.
      const { email, website } = parsed.data;
      if (honeypotFilled(website)) return { kind: "dropped", id: decoyId() };
      try {
        const result = await store.addSubscription({ email });
        return result.created ? { kind: "created", id: result.id } : { kind: "duplicate" };
      } catch (cause) {
        return { kind: "unavailable", cause };
      }
    },
  };
}
