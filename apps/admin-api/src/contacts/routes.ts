import type { RequestHandler } from "express";
import { apiMessages, contactMessages } from "@site/shared/messages";
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
      success: contactMessages.success,
      failure: contactMessages.failure,
      invalid: apiMessages.invalidRequest,
    });
  };
}
