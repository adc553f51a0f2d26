import express, { type Router } from "express";
import { officeMessages, outboxMessages } from "@site/shared/office";
import type { StaffService } from "../staff/service.js";
import { requireStaff, sendOfficeError, signedIn } from "../staff/session-routes.js";
import type { OfficeOutbox } from "./office-service.js";

/** A mail id as the stores make them (UUIDs, Firestore's 20-character ids); anything else is not found. */
const mailId = (value: unknown): string | null =>
  typeof value === "string" && /^[\w-]{1,64}$/.test(value) ? value : null;

/**
 * The mail outbox under /api/office (after the staff router, which reads the session): any member of
 * staff reads it and retries a failed mail; the retry passes requireStaff's CSRF check.
 */
export function officeOutboxRoutes(outbox: OfficeOutbox, staff: StaffService): Router {
  const router = express.Router();
  const anyStaff = requireStaff(staff);

  router.get("/outbox", anyStaff, async (req, res) => {
    const outcome = await outbox.list(req.query);
    if (outcome.kind === "invalid")
      sendOfficeError(res, 400, officeMessages.invalidRequest, outcome.fieldErrors);
    else res.json(outcome.page);
  });

  router.get("/outbox/:id", anyStaff, async (req, res) => {
    const id = mailId(req.params.id);
    const mail = id === null ? null : await outbox.get(id);
    if (!mail) sendOfficeError(res, 404, outboxMessages.mailNotFound);
    else res.json({ mail });
  });

  router.post("/outbox/:id/retry", anyStaff, async (req, res) => {
    const id = mailId(req.params.id);
    const outcome =
      id === null ? { kind: "not-found" as const } : await outbox.retry(id, signedIn(res).staff);
    if (outcome.kind === "retried") res.json({ mail: outcome.mail });
    else if (outcome.kind === "not-found") sendOfficeError(res, 404, outboxMessages.mailNotFound);
    else
      sendOfficeError(
        res,
        409,
        outcome.kind === "not-failed" ? outboxMessages.notFailed : outboxMessages.alreadyRetried,
      );
  });

  return router;
}
