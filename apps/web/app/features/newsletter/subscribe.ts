import { useMutation } from "@tanstack/react-query";
import type { ApiSuccess, Newsletter } from "@site/shared/schemas";
import type { MessageTree } from "@site/shared/i18n/message-sources";
import { consentFields } from "../../components/ui/privacy-note";
import { ApiError, postJson, serverText } from "../../lib/api-client";

/** The endpoint this module owns (docs/architecture.md, decision 1: the browser talks only to our API). */
export const subscriptionsPath = "/api/subscriptions";

/** The request body: the address with its consent fields; the honeypot only when something filled it. */
export function toSubscriptionRequest(input: Newsletter): Newsletter {
  return {
    email: input.email,
    ...(input.website ? { website: input.website } : {}),
    ...consentFields(),
  };
}

/** POSTs a subscription request under its idempotency key (a repeat is answered, not stored again). */
export function subscribe({
  request,
  idempotencyKey,
}: {
  request: Newsletter;
  idempotencyKey: string;
}): Promise<ApiSuccess> {
  return postJson(subscriptionsPath, request, { idempotencyKey });
}

/** The mutation behind the newsletter block; never retried (the shared query-client defaults). */
export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}

/** Maps a failed subscription to the spec's catalogue (docs/specification.md §8). */
export function subscribeErrorMessage(error: unknown, messages: MessageTree): string {
  const { newsletterMessages, validationMessages } = messages;
  if (!(error instanceof ApiError)) return newsletterMessages.mutationFailure;
  if (error.status === 400) return validationMessages.newsletterEmailInvalid;
  if (error.status === 409) return newsletterMessages.alreadySubscribed;
  // A 4xx of our own API's edges (e.g. rate limiting) carries a message meant for people.
  return (error.status < 500 && serverText(error, messages)) || newsletterMessages.storageFailure;
}
