import type { RequestHandler } from "express";
import { apiMessages, contactMessages, requestMessages } from "@site/shared/messages";
import type { ContactService } from "./service.js";
import { formLevelError, requestContext } from "../http/form-context.js";
import { sendFailure, sendSuccess } from "../http/respond.js";

/** POST /api/contacts: translates the use case's outcome to HTTP. */
export function contactHandler(service: ContactService): RequestHandler {
  return async (req, res) => {
    const outcome = await service.submit(req.body, requestContext(req));
    switch (outcome.kind) {
      case "created":
        sendSuccess(res, 201, outcome.id, contactMessages.success);
        return;
      case "dropped":
        req.log.info("contact honeypot filled; submission dropped");
        sendSuccess(res, 201, outcome.id, contactMessages.success);
        return;
      case "invalid":
        sendFailure(
          res,
          400,
          formLevelError(outcome.fieldErrors) ?? apiMessages.invalidRequest,
          outcome.fieldErrors,
        );
        return;
      case "key-reused":
        sendFailure(res, 422, requestMessages.idempotencyKeyReused);
        return;
      case "unavailable":
        req.log.error({ err: outcome.cause }, "store failed to save a contact");
        sendFailure(res, 503, contactMessages.failure);
        return;
    }
  };
}
