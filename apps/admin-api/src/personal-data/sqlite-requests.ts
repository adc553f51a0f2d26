import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import { preparedBySql } from "../adapters/sqlite/rows.js";
import type { DataRequestChannel, DataRequestKind } from "@site/shared/office";
import { emailKey } from "@site/shared/schemas/plain";
import type { InsertAudit } from "../staff/sqlite.js";
import type { NewAuditEntry } from "../staff/port.js";
import type {
  DataRequestAnswer,
  DataRequestRegister,
  DataRequestCursor,
  DataRequestRecord,
} from "./port.js";

interface DataRequestRow {
  id: string;
  email: string | null;
  email_key: string | null;
  address_hash: string;
  kind: DataRequestKind;
  channel: DataRequestChannel;
  note: string;
  received_on: string;
  answered_on: string | null;
  recorded_by: string | null;
  answered_by: string | null;
  created_at: number;
}

const toRequest = (row: DataRequestRow): DataRequestRecord => ({
  id: row.id,
  email: row.email,
  addressHash: row.address_hash,
  kind: row.kind,
  channel: row.channel,
  note: row.note,
  receivedOn: row.received_on,
  answeredOn: row.answered_on,
  recordedBy: row.recorded_by,
  answeredBy: row.answered_by,
  createdAt: new Date(row.created_at),
});

/**
 * The register of people's data requests on SQLite (table data_requests, migrations.ts). `forget` and
 * `answer` run inside the caller's transaction: the erasure (sqlite.ts) uses both.
 */
export function createSqliteDataRequests(
  db: Database.Database,
  now: () => number,
  insertAudit: InsertAudit,
): {
  store: DataRequestRegister;
  /** Leaves the address's entries holding only its keyed hash; returns how many. */
  forget(key: string): number;
  /** Marks the entry answered unless it is already; false when there is no such entry. */
  answer(answer: DataRequestAnswer): boolean;
} {
  const s = {
    insert: db.prepare<DataRequestRow>(
      `INSERT INTO data_requests (id, email, email_key, address_hash, kind, channel, note, received_on,
                                  answered_on, recorded_by, answered_by, created_at)
       VALUES (@id, @email, @email_key, @address_hash, @kind, @channel, @note, @received_on,
               @answered_on, @recorded_by, @answered_by, @created_at)`,
    ),
    byId: db.prepare<[string], DataRequestRow>(`SELECT * FROM data_requests WHERE id = ?`),
    byKey: db.prepare<[string], DataRequestRow>(
      `SELECT * FROM data_requests WHERE email_key = ? ORDER BY created_at DESC, id DESC`,
    ),
    answer: db.prepare<[string, string, string]>(
      `UPDATE data_requests SET answered_on = ?, answered_by = ? WHERE id = ? AND answered_on IS NULL`,
    ),
    forget: db.prepare<[string]>(
      `UPDATE data_requests SET email = NULL, email_key = NULL WHERE email_key = ?`,
    ),
    purge: db.prepare<[string]>(
      `DELETE FROM data_requests WHERE answered_on IS NOT NULL AND answered_on < ?`,
    ),
  };
  const stateClause = {
    open: "answered_on IS NULL",
    answered: "answered_on IS NOT NULL",
  } as const;
  const prepare = preparedBySql<DataRequestRow>(db);
  const pageStatement = (state: "open" | "answered" | undefined, after: boolean) => {
    const clauses = [
      ...(state ? [stateClause[state]] : []),
      ...(after ? ["(created_at < ? OR (created_at = ? AND id < ?))"] : []),
    ];
    return prepare(
      `SELECT * FROM data_requests ${clauses.length > 0 ? `WHERE ${clauses.join(" AND ")}` : ""}
       ORDER BY created_at DESC, id DESC LIMIT ?`,
    );
  };

  const answer = (given: DataRequestAnswer): boolean => {
    if (!s.byId.get(given.id)) return false;
    s.answer.run(given.on, given.by, given.id);
    return true;
  };

  const add = db.transaction(
    (request: Parameters<DataRequestRegister["addDataRequest"]>[0], audit: NewAuditEntry) => {
      const at = now();
      const row: DataRequestRow = {
        id: randomUUID(),
        email: request.email,
        email_key: emailKey(request.email),
        address_hash: request.addressHash,
        kind: request.kind,
        channel: request.channel,
        note: request.note,
        received_on: request.receivedOn,
        answered_on: null,
        recorded_by: request.recordedBy,
        answered_by: null,
        created_at: at,
      };
      s.insert.run(row);
      insertAudit({ ...audit, target: row.id }, at);
      return toRequest(row);
    },
  );

  const answerWithAudit = db.transaction((given: DataRequestAnswer, audit: NewAuditEntry[]) => {
    if (!answer(given)) return null;
    const at = now();
    for (const entry of audit) insertAudit(entry, at);
    const row = s.byId.get(given.id);
    return row ? toRequest(row) : null;
  });

  return {
    forget: (key) => s.forget.run(key).changes,
    answer,
    store: {
      async addDataRequest(request, audit) {
        return add.immediate(request, audit);
      },
      async getDataRequest(id) {
        const row = s.byId.get(id);
        return row ? toRequest(row) : null;
      },
      async listDataRequests(filter, limit, after: DataRequestCursor | null) {
        const params: unknown[] = after
          ? [after.createdAt.getTime(), after.createdAt.getTime(), after.id]
          : [];
        const rows = pageStatement(filter.state, after !== null).all(...params, limit + 1);
        const items = rows.slice(0, limit).map(toRequest);
        const last = items.at(-1);
        return {
          items,
          next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
        };
      },
      async dataRequestsOf(email) {
        return s.byKey.all(emailKey(email)).map(toRequest);
      },
      async answerDataRequest(given, audit) {
        return answerWithAudit.immediate(given, audit);
      },
      async purgeDataRequests(answeredBefore) {
        return s.purge.run(answeredBefore).changes;
      },
    },
  };
}
