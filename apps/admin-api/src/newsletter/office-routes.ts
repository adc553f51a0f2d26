import express, { type Router } from "express";
import { officeMessages, subscribersMessages } from "@site/shared/office";
import type { StaffService } from "../staff/service.js";
import { requireStaff, sendOfficeError, signedIn } from "../staff/session-routes.js";
import type { SubscriberOfficeService } from "./office-service.js";

/** A subscription id as the stores make them (UUIDs, Firestore's keyed hashes); anything else is not found. */
const subscriberId = (value: unknown): string | null =>
  typeof value === "string" && /^[\w-]{1,100}$/.test(value) ? value : null;

/**
 * The subscribers under /api/office (after the staff router, which reads the session): every route
 * needs a staff session (any role); unsubscribing passes requireStaff's CSRF check.
 */
export function subscriberOfficeRoutes(
  subscribers: SubscriberOfficeService,
  staff: StaffService,
): Router {
  const router = express.Router();
  const anyStaff = requireStaff(staff);

  router.get("/subscribers", anyStaff, async (req, res) => {
    const outcome = await subscribers.list(req.query);
    if (outcome.kind === "invalid")
      sendOfficeError(res, 400, officeMessages.invalidRequest, outcome.fieldErrors);
    else res.json(outcome.page);
  });

  router.get("/subscribers.csv", anyStaff, async (req, res) => {
    const outcome = await subscribers.csv(req.query, signedIn(res).staff);
    if (outcome.kind === "invalid") {
      sendOfficeError(res, 400, officeMessages.invalidRequest, outcome.fieldErrors);
      return;
    }
    res
      .status(200)
      .type("text/csv; charset=utf-8")
      .set("Content-Disposition", 'attachment; filename="subscribers.csv"');
    for await (const row of outcome.rows) res.write(row);
    res.end();
  });

  router.post("/subscribers/:id/unsubscribe", anyStaff, async (req, res) => {
    const id = subscriberId(req.params.id);
    const outcome = id === null ? null : await subscribers.unsubscribe(id, signedIn(res).staff);
    if (!outcome || outcome.kind === "not-found")
      sendOfficeError(res, 404, subscribersMessages.notFound);
    else res.status(200).json({ subscriber: outcome.subscriber });
  });

  return router;
}
