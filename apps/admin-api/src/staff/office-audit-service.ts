import {
  auditPageSize,
  auditQuerySchema,
  officeMessages,
  type AuditPage,
} from "@site/shared/office";
import { fieldErrorsOf } from "@site/shared/schemas";
import { decodeCursor, encodeCursor } from "../common/keyset-cursor.js";
import type { Clock } from "../ports/clock.js";
import type { Logger } from "../ports/logger.js";
import type { AuditCursor, AuditFilter, StaffStore } from "./port.js";

const dayMs = 24 * 60 * 60 * 1000;

/** The audit screen (owners only, read only) and the sweep that keeps the log to its retention. */
export interface OfficeAuditService {
  list(
    query: unknown,
  ): Promise<
    { kind: "page"; page: AuditPage } | { kind: "invalid"; fieldErrors: Record<string, string> }
  >;
}

/** The audit cursor: the leads' opaque (time, id) cursor over the entry's time. */
const encodeAuditCursor = (cursor: AuditCursor) =>
  encodeCursor({ createdAt: cursor.at, id: cursor.id });

function decodeAuditCursor(value: string): AuditCursor | null {
  const cursor = decodeCursor(value);
  return cursor && { at: cursor.createdAt, id: cursor.id };
}

export function createOfficeAuditService({
  store,
  retentionDays,
}: {
  store: Pick<StaffStore, "queryAudit">;
  /** OFFICE_AUDIT_RETENTION_DAYS, shown on the screen. */
  retentionDays: number;
}): OfficeAuditService {
  return {
    async list(query) {
      const parsed = auditQuerySchema.safeParse(query);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const { actor, action, target, from, to, q, cursor } = parsed.data;
      const after = cursor === undefined ? null : decodeAuditCursor(cursor);
      if (cursor !== undefined && after === null)
        return { kind: "invalid", fieldErrors: { cursor: officeMessages.invalidCursor } };
      const filter: AuditFilter = {
        actor: actor === "system" ? null : actor?.toLowerCase(),
        action,
        target,
        from: from ? new Date(`${from}T00:00:00Z`) : undefined,
        before: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + dayMs) : undefined,
        q,
      };
      const page = await store.queryAudit(filter, auditPageSize, after);
      return {
        kind: "page",
        page: {
          items: page.items.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
          nextCursor: page.next ? encodeAuditCursor(page.next) : null,
          retentionDays,
        },
      };
    },
  };
}

/**
 * One pass of the audit log's retention (workers/retention.ts runs it hourly): deletes the entries older
 * than `retentionDays`, and the register's requests answered before then (their audit entries are gone
 * with them; an erasure's own record stays). Returns how many audit entries went.
 */
export async function sweepAuditLog({
  store,
  clock,
  logger,
  retentionDays,
}: {
  store: Pick<StaffStore, "purgeAudit"> & {
    purgeDataRequests(answeredBefore: string): Promise<number>;
  };
  clock: Clock;
  logger: Logger;
  retentionDays: number;
}): Promise<number> {
  const cutOff = new Date(clock.now().getTime() - retentionDays * dayMs);
  const purged = await store.purgeAudit(cutOff);
  const requests = await store.purgeDataRequests(cutOff.toISOString().slice(0, 10));
  if (purged > 0 || requests > 0)
    logger.info(
      { purged, requests, before: cutOff },
      "audit entries and answered data requests past retention deleted",
    );
  return purged;
}
