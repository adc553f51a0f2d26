import type Database from "better-sqlite3";
import { likePattern, preparedBySql } from "../adapters/sqlite/rows.js";
import type { AuditCursor, AuditEntry, AuditFilter, StaffStore } from "./port.js";

interface AuditRow {
  id: string;
  at: number;
  actor: string | null;
  action: string;
  target: string | null;
  details: string;
}

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: new Date(row.at),
  actor: row.actor,
  action: row.action,
  target: row.target,
  details: JSON.parse(row.details) as AuditEntry["details"],
});

/** The WHERE clause of a filter and its parameters (indexes: audit_log_*_at in migrations.ts). */
function whereOf(filter: AuditFilter, after: AuditCursor | null) {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (filter.actor === null) clauses.push("actor IS NULL");
  else if (filter.actor !== undefined) {
    clauses.push("actor = ?");
    params.push(filter.actor);
  }
  if (filter.action !== undefined) {
    clauses.push("action = ?");
    params.push(filter.action);
  }
  if (filter.target !== undefined) {
    clauses.push("target = ?");
    params.push(filter.target);
  }
  if (filter.from) {
    clauses.push("at >= ?");
    params.push(filter.from.getTime());
  }
  if (filter.before) {
    clauses.push("at < ?");
    params.push(filter.before.getTime());
  }
  for (const word of (filter.q ?? "").split(/\s+/).filter(Boolean)) {
    clauses.push("(target LIKE ? ESCAPE '\\' OR details LIKE ? ESCAPE '\\')");
    const pattern = likePattern(word);
    params.push(pattern, pattern);
  }
  if (after) {
    clauses.push("(at < ? OR (at = ? AND id < ?))");
    params.push(after.at.getTime(), after.at.getTime(), after.id);
  }
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

/** The audit screen's query and the retention sweep, on SQLite. Nothing here edits an entry. */
export function createSqliteAuditLog(
  db: Database.Database,
): Pick<StaffStore, "queryAudit" | "purgeAudit"> {
  const prepare = preparedBySql<AuditRow>(db);
  const purge = db.prepare<[number]>(`DELETE FROM audit_log WHERE at < ?`);
  return {
    async queryAudit(filter, limit, after) {
      const { where, params } = whereOf(filter, after);
      const rows = prepare(
        `SELECT * FROM audit_log ${where} ORDER BY at DESC, id DESC LIMIT ?`,
      ).all(...params, limit + 1);
      const items = rows.slice(0, limit).map(toAuditEntry);
      const last = items.at(-1);
      return { items, next: rows.length > limit && last ? { at: last.at, id: last.id } : null };
    },
    async purgeAudit(before) {
      return purge.run(before.getTime()).changes;
    },
  };
}
