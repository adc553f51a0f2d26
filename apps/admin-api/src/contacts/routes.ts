import type { RequestHandler } from "express";
import { messageRef } from "@site/shared/i18n/message-ref";
import type { ContactService } from "./service.js";
import { requestContext } from "../http/form-context.js";
import { answerSubmission } from "../http/submission-answer.js";

/** POST /api/contacts: translates the use case's outcome to HTTP. */
export function contactHandler(service: ContactService): RequestHandler {
  return async (req, res) => {
    const outcome = await service.submit(req.body, requestContext(req));
    answerSubmission(req, res, outcome, {
      form: "contact",
      record: "a contact",
      success: messageRef("contactMessages.success"),
      failure: messageRef("contactMessages.failure"),
      invalid: messageRef("apiMessages.invalidRequest"),
    });
  };
}
