import express, { type Router } from "express";
import type { StaffService } from "../staff/service.js";
import { requireStaff } from "../staff/session-routes.js";
import type { OverviewService } from "./service.js";

/** GET /api/office/overview: any staff member. */
export function overviewRoutes(service: OverviewService, staff: StaffService): Router {
  const router = express.Router();
  router.get("/overview", requireStaff(staff), async (_req, res) => {
    res.json(await service.overview());
  });
  return router;
}
