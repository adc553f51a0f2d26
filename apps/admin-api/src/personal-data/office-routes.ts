import express, { type Response, type Router } from "express";
import { officeMessages, peopleMessages } from "@site/shared/office";
import type { StaffService } from "../staff/service.js";
import { requireStaff, sendOfficeError, signedIn } from "../staff/session-routes.js";
import type { OfficePeopleService } from "./office-service.js";

const json = express.json({ limit: "8kb" });

/** A register entry's id as the stores make them; anything else is not found. */
const requestId = (value: unknown): string | null =>
  typeof value === "string" && /^[\w-]{1,64}$/.test(value) ? value : null;

type Refusal = { kind: "invalid"; fieldErrors: Record<string, string> } | { kind: "not-found" };

/** 400 with the fields, or 404 for a register entry that is not there. */
function refuse(res: Response, outcome: Refusal): void {
  if (outcome.kind === "invalid")
    sendOfficeError(res, 400, officeMessages.invalidRequest, outcome.fieldErrors);
  else sendOfficeError(res, 404, peopleMessages.requestNotFound);
}

/**
 * People's data requests under /api/office (after the staff router, which reads the session). A
 * person's address only ever travels in a POST body, so it never reaches an access log; finding and
 * exporting are reads, but POSTs all the same, and pass requireStaff's CSRF check like every write.
 * Erasure is the owners' alone.
 */
export function officePeopleRoutes(people: OfficePeopleService, staff: StaffService): Router {
  const router = express.Router();
  const anyStaff = requireStaff(staff);
  const owner = requireStaff(staff, "owner");

  router.post("/people/find", anyStaff, json, async (req, res) => {
    const outcome = await people.find(req.body, signedIn(res).staff);
    if (outcome.kind === "invalid") refuse(res, outcome);
    else res.json(outcome.person);
  });

  router.post("/people/export", anyStaff, json, async (req, res) => {
    const outcome = await people.export(req.body, signedIn(res).staff);
    if (outcome.kind !== "exported") {
      refuse(res, outcome);
      return;
    }
    const day = outcome.data.exportedAt.toISOString().slice(0, 10);
    res
      .status(200)
      .type("application/json; charset=utf-8")
      .set("Content-Disposition", `attachment; filename="personal-data-${day}.json"`)
      .send(JSON.stringify(outcome.data, null, 2));
  });

  router.post("/people/erase", owner, json, async (req, res) => {
    const outcome = await people.erase(req.body, signedIn(res).staff);
    if (outcome.kind !== "erased") {
      refuse(res, outcome);
      return;
    }
    req.log.info(
      { erasureId: outcome.erasure.id, deleted: outcome.erasure.deleted },
      "personal data erased from the office",
    );
    res.json({
      erasure: { ...outcome.erasure, erasedAt: outcome.erasure.erasedAt.toISOString() },
    });
  });

  router.get("/data-requests", anyStaff, async (req, res) => {
    const outcome = await people.list(req.query);
    if (outcome.kind === "invalid") refuse(res, outcome);
    else res.json(outcome.page);
  });

  router.post("/data-requests", anyStaff, json, async (req, res) => {
    const outcome = await people.record(req.body, signedIn(res).staff);
    if (outcome.kind === "invalid") refuse(res, outcome);
    else res.status(201).json({ request: outcome.request });
  });

  router.get("/data-requests/:id", anyStaff, async (req, res) => {
    const id = requestId(req.params.id);
    const found = id === null ? null : await people.get(id);
    if (!found) refuse(res, { kind: "not-found" });
    else res.json({ request: found });
  });

  router.post("/data-requests/:id/answered", anyStaff, async (req, res) => {
    const id = requestId(req.params.id);
    const answered = id === null ? null : await people.answer(id, signedIn(res).staff);
    if (!answered) refuse(res, { kind: "not-found" });
    else res.json({ request: answered });
  });

  return router;
}
