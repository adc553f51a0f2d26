import type { RequestHandler } from "express";
import { messageRef } from "@site/shared/i18n/message-ref";
import type { AdminMailService } from "./admin-service.js";
import { sendFailure, sendSuccess } from "../http/respond.js";

/** POST /api/send-email (behind bearerAuth): queues the acknowledgement, answers 202 once queued. */
export function sendEmailHandler(service: AdminMailService): RequestHandler {
  return async (req, res) => {
    const outcome = await service.queueAcknowledgement(req.body);
    switch (outcome.kind) {
      case "created":
        sendSuccess(res, 202, outcome.id);
        return;
      case "invalid":
        sendFailure(res, 400, messageRef("apiMessages.invalidRequest"), outcome.fieldErrors);
        return;
      case "unavailable":
        req.log.error({ err: outcome.cause }, "store failed to queue an admin mail");
        sendFailure(res, 503, messageRef("apiMessages.internal"));
        return;
    }
  };
}
