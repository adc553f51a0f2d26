import type { RequestHandler } from "express";
import { messageRef } from "@site/shared/i18n/message-ref";
import { keyedFieldErrors } from "../common/messages.js";
import type { PersonalDataService } from "./service.js";
import { sendFailure } from "../http/respond.js";

/**
 * The firm's admin endpoints for a person's data (behind bearerAuth, like send-email). The address
 * travels in a JSON body, never in a URL, so it stays out of access logs.
 *   POST /api/admin/personal-data/export {email}  → 200 everything held about it
 *   POST /api/admin/personal-data/erase  {email}  → 200 the erasure record (when, the address's hash)
 *   GET  /api/admin/subscribers.csv               → the subscribed, as CSV email,name,attributes
 */
/** The one refusal of both: the address is not one. */
const invalidEmail = () =>
  keyedFieldErrors({ email: messageRef("validationMessages.emailInvalid") });

export function exportPersonalDataHandler(service: PersonalDataService): RequestHandler {
  return async (req, res) => {
    const outcome = await service.export((req.body as { email?: unknown } | undefined)?.email);
    if (outcome.kind === "invalid") {
      sendFailure(res, 400, messageRef("apiMessages.invalidRequest"), invalidEmail());
      return;
    }
    res.status(200).json({ success: true, data: outcome.value });
  };
}

export function erasePersonalDataHandler(service: PersonalDataService): RequestHandler {
  return async (req, res) => {
    const outcome = await service.erase((req.body as { email?: unknown } | undefined)?.email);
    if (outcome.kind === "invalid") {
      sendFailure(res, 400, messageRef("apiMessages.invalidRequest"), invalidEmail());
      return;
    }
    req.log.info(
      { erasureId: outcome.value.id, deleted: outcome.value.deleted },
      "personal data erased",
    );
    res.status(200).json({ success: true, erasure: outcome.value });
  };
}

export function subscribersCsvHandler(service: PersonalDataService): RequestHandler {
  return async (_req, res) => {
    const csv = await service.subscribersCsv();
    res
      .status(200)
      .type("text/csv; charset=utf-8")
      .set("Content-Disposition", 'attachment; filename="subscribers.csv"')
      .send(csv);
  };
}
