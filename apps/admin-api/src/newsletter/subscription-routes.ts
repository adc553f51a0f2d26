import type { RequestHandler } from "express";
import {
  newsletterMessages,
  privacyMessages,
  requestMessages,
  validationMessages,
} from "@site/shared/messages";
import type { SubscriptionService } from "./subscription-service.js";
import { formLevelError, requestContext } from "../http/form-context.js";
import { sendFailure, sendSuccess } from "../http/respond.js";

/** POST /api/subscriptions: translates the use case's outcome to HTTP. */
export function subscribeHandler(service: SubscriptionService): RequestHandler {
  return async (req, res) => {
    const outcome = await service.subscribe(req.body, requestContext(req));
    switch (outcome.kind) {
      case "created":
        sendSuccess(res, 201, outcome.id, newsletterMessages.success);
        return;
      case "confirm-mailed":
        // The status and shape of a success, so the form shows the message; it says no more than
        // "check your inbox" (not when the address left, nor whether the limits let the mail out).
        sendSuccess(res, 201, outcome.id, privacyMessages.confirmMailed, { say: true });
        return;
      case "dropped":
        req.log.info("newsletter honeypot filled; submission dropped");
        sendSuccess(res, 201, outcome.id, newsletterMessages.success);
        return;
      case "invalid":
        sendFailure(
          res,
          400,
          formLevelError(outcome.fieldErrors) ?? validationMessages.newsletterEmailInvalid,
          outcome.fieldErrors,
        );
        return;
      case "duplicate":
        sendFailure(res, 409, newsletterMessages.alreadySubscribed);
        return;
      case "key-reused":
        sendFailure(res, 422, requestMessages.idempotencyKeyReused);
        return;
      case "unavailable":
        req.log.error({ err: outcome.cause }, "store failed to save a subscription");
        sendFailure(res, 503, newsletterMessages.storageFailure);
        return;
    }
  };
}
