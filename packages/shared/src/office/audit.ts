import * as z from "zod/mini";
import { freeText } from "../schemas/index.js";
import { auditActions, officeLimits, peopleLimits } from "./constants.js";
import { cursorParam, day, daysInOrder, optionalParam } from "./fields.js";
import { officeMessages } from "./messages.js";

/*
 * The audit log (apps/admin-api/src/staff/office-audit-*.ts): owners only, read only, newest first,
 * filtered by actor, action, target, days and words in the target or details.
 */

const isoDateTime = z.iso.datetime();

/** GET /api/office/audit: the filters, kept in the office's own URL. `from`/`to` are UTC days, both included. */
export const auditQuerySchema = z
  .object({
    actor: optionalParam(
      z.union([
        z.literal("system"),
        z.string().check(...freeText(officeLimits.email, z.minLength(1))),
      ]),
    ),
    action: optionalParam(z.enum(auditActions, { error: officeMessages.invalidRequest })),
    target: optionalParam(z.string().check(...freeText(peopleLimits.auditTarget))),
    from: optionalParam(day),
    to: optionalParam(day),
    q: optionalParam(z.string().check(...freeText(peopleLimits.auditText))),
    cursor: optionalParam(cursorParam(officeLimits.cursor)),
  })
  .check(daysInOrder);
export type AuditQueryInput = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: isoDateTime,
  /** Null: the system (the owner named at start, an operator command). */
  actor: z.nullable(z.string()),
  action: z.string(),
  target: z.nullable(z.string()),
  details: z.record(z.string(), z.nullable(z.string())),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.nullable(z.string()),
  /** How long entries are kept (OFFICE_AUDIT_RETENTION_DAYS). */
  retentionDays: z.number(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
