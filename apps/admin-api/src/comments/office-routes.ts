import express, { type Router } from "express";
import { officeMessages } from "@site/shared/office";
import type { StaffService } from "../staff/service.js";
import { requireStaff, sendOfficeError, signedIn } from "../staff/session-routes.js";
import type { OfficeComments } from "./office-service.js";

const json = express.json({ limit: "16kb" });

/**
 * The comment queue under /api/office (after the staff router, which reads the session): any member of
 * staff moderates; the decisions pass requireStaff's CSRF check.
 */
export function officeCommentsRoutes(comments: OfficeComments, staff: StaffService): Router {
  const router = express.Router();
  const anyStaff = requireStaff(staff);

  router.get("/comments", anyStaff, async (req, res) => {
    const outcome = await comments.list(req.query);
    if (outcome.kind === "invalid")
      sendOfficeError(res, 400, officeMessages.invalidRequest, outcome.fieldErrors);
    else res.json(outcome.page);
  });

  router.post("/comments/decisions", anyStaff, json, async (req, res) => {
    const outcome = await comments.decide(req.body, signedIn(res).staff);
    if (outcome.kind === "invalid")
      sendOfficeError(res, 400, officeMessages.invalidRequest, outcome.fieldErrors);
    else res.json(outcome.answer);
  });

  return router;
}
