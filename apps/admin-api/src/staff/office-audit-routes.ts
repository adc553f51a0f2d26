import express, { type Router } from "express";
import { officeMessages } from "@site/shared/office";
import { requireStaff, sendOfficeError } from "./session-routes.js";
import type { StaffService } from "./service.js";
import type { OfficeAuditService } from "./office-audit-service.js";

/**
 * The audit log under /api/office: owners only, and read only. There is deliberately no route that
 * edits or deletes an entry: only the retention sweep (workers/retention.ts) removes old ones.
 */
export function officeAuditRoutes(audit: OfficeAuditService, staff: StaffService): Router {
  const router = express.Router();
  router.get("/audit", requireStaff(staff, "owner"), async (req, res) => {
    const outcome = await audit.list(req.query);
    if (outcome.kind === "invalid")
      sendOfficeError(res, 400, officeMessages.invalidRequest, outcome.fieldErrors);
    else res.json(outcome.page);
  });
  return router;
}
