import express, { type RequestHandler, type Response, type Router } from "express";
import { officeMessages } from "@site/shared/office";
import type { StaffService } from "../staff/service.js";
import { requireStaff, sendOfficeError, signedIn } from "../staff/session-routes.js";
import type { StaffRecord } from "../staff/port.js";
import type { LeadsService } from "./service.js";

const json = express.json({ limit: "64kb" });

/** A lead id as the stores make them (UUIDs, Firestore's 20-character ids); anything else is not found. */
const leadId = (value: unknown): string | null =>
  typeof value === "string" && /^[\w-]{1,64}$/.test(value) ? value : null;

function answerInvalid(res: Response, fieldErrors: Record<string, string>): void {
  sendOfficeError(res, 400, officeMessages.invalidRequest, fieldErrors);
}

/**
 * The leads inbox under /api/office (after the staff router, which reads the session): every route
 * needs a staff session; the writes pass requireStaff's CSRF check.
 */
export function leadsRoutes(leads: LeadsService, staff: StaffService): Router {
  const router = express.Router();
  const anyStaff = requireStaff(staff);

  router.get("/leads", anyStaff, async (req, res) => {
    const outcome = await leads.list(req.query, signedIn(res).staff);
    if (outcome.kind === "invalid") answerInvalid(res, outcome.fieldErrors);
    else res.json(outcome.page);
  });

  router.get("/leads.csv", anyStaff, async (req, res) => {
    const outcome = await leads.csv(req.query, signedIn(res).staff);
    if (outcome.kind === "invalid") {
      answerInvalid(res, outcome.fieldErrors);
      return;
    }
    res
      .status(200)
      .type("text/csv; charset=utf-8")
      .set("Content-Disposition", 'attachment; filename="leads.csv"');
    for await (const row of outcome.rows) res.write(row);
    res.end();
  });

  router.get("/leads/:id", anyStaff, async (req, res) => {
    const id = leadId(req.params.id);
    const found = id === null ? null : await leads.get(id);
    if (!found) sendOfficeError(res, 404, officeMessages.leadNotFound);
    else res.json(found);
  });

  /** A write to one lead: the use case's outcome as 400, 404, or `status` with `{ [key]: value }`. */
  const leadWrite =
    <K extends string, V>(
      write: (
        id: string,
        body: unknown,
        me: StaffRecord,
      ) => Promise<
        | ({ kind: "updated" | "added" } & Record<K, V>)
        | { kind: "invalid"; fieldErrors: Record<string, string> }
        | { kind: "not-found" }
      >,
      status: number,
      key: K,
    ): RequestHandler =>
    async (req, res) => {
      const id = leadId(req.params.id);
      const outcome =
        id === null
          ? { kind: "not-found" as const }
          : await write(id, req.body, signedIn(res).staff);
      if (outcome.kind === "invalid") answerInvalid(res, outcome.fieldErrors);
      else if (outcome.kind === "not-found") sendOfficeError(res, 404, officeMessages.leadNotFound);
      else res.status(status).json({ [key]: (outcome as Record<K, V>)[key] });
    };

  router.patch("/leads/:id", anyStaff, json, leadWrite(leads.update, 200, "lead"));
  router.post("/leads/:id/notes", anyStaff, json, leadWrite(leads.addNote, 201, "event"));
  router.post("/leads/:id/replies", anyStaff, json, leadWrite(leads.reply, 201, "event"));

  return router;
}
