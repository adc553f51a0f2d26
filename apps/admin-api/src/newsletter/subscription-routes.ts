import type { RequestHandler } from "express";
import { messageRef } from "@site/shared/i18n/message-ref";
import type { SubscriptionService } from "./subscription-service.js";
import { requestContext } from "../http/form-context.js";
import { sendFailure, sendSuccess } from "../http/respond.js";
import { answerSubmission } from "../http/submission-answer.js";

/** POST /api/subscriptions: translates the use case's outcome to HTTP. */
export function subscribeHandler(service: SubscriptionService): RequestHandler {
  return async (req, res) => {
    const outcome = await service.subscribe(req.body, requestContext(req));
    switch (outcome.kind) {
      case "confirm-mailed":
        // The status and shape of a success, so the form shows the message; it says no more than
        // "check your inbox" (not when the address left, nor whether the limits let the mail out).
        sendSuccess(res, 201, outcome.id, messageRef("privacyMessages.confirmMailed"), {
          say: true,
        });
        return;
      case "duplicate":
        sendFailure(res, 409, messageRef("newsletterMessages.alreadySubscribed"));
        return;
      default:
        answerSubmission(req, res, outcome, {
          form: "newsletter",
          record: "a subscription",
          success: messageRef("newsletterMessages.success"),
          failure: messageRef("newsletterMessages.storageFailure"),
          invalid: messageRef("validationMessages.newsletterEmailInvalid"),
        });
    }
  };
}
