import type Database from "better-sqlite3";
import { toMail, type MailRow } from "../../mail/sqlite.js";
import {
  mailRetriedAudit,
  type OutboxCursor,
  type OutboxFilter,
  type OutboxMail,
  type OutboxOfficeStore,
  type OutboxRetry,
} from "../../mail/port.js";
import { startOfUtcDay } from "../../mail/limit-window.js";
import type { InsertAudit } from "../../staff/sqlite.js";
import { createdWithin, dateOrNull } from "./rows.js";

interface OutboxRow extends MailRow {
  retried_at: number | null;
}

const toOutboxMail = (row: OutboxRow): OutboxMail => ({
  ...toMail(row),
  retriedAt: dateOrNull(row.retried_at),
  bodyPurgedAt: dateOrNull(row.body_purged_at),
});

/** A list's columns: every one but the bodies, which only one mail's page shows (they are most of a row). */
const listColumns = `id, kind, contact_id, to_address, to_key, reply_to, subject, '' AS text_body, '' AS html_body,
  state, attempts, next_attempt_at, lease_expires_at, start_time, end_time, error, message_id, created_at,
  claim_token, headers, subscription_id, body_purged_at, comment_id, retried_at`;

/** A mail's language as mail/port.ts's mailLocale reads it: its Content-Language header, else English. */
const languageOf = `coalesce(json_extract(headers, '$."Content-Language"'), 'en')`;

/**
 * The WHERE clause of the outbox's filters. The state and the date range walk an index in the list's
 * order (mail_state_created, mail_created); kind and language are checked on the rows that walk reads,
 * which the benchmark (bench/outbox.ts) measured within budget on 10,000 mails without an index of
 * their own (each would slow every mail's insert). The recipient's beginning reads the address keys'
 * index (mail_to_key, there for a person's data), then sorts what it found.
 */
function whereOf(filter: OutboxFilter, after: OutboxCursor | null) {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (filter.state) {
    clauses.push("state = ?");
    params.push(filter.state);
  }
  if (filter.kind) {
    clauses.push("kind = ?");
    params.push(filter.kind);
  }
  if (filter.locale) {
    clauses.push(`${languageOf} = ?`);
    params.push(filter.locale);
  }
  if (filter.recipient) {
    // The address's beginning, on its key's index: every key starting so sorts between the two.
    clauses.push("to_key >= ? AND to_key < ?");
    params.push(filter.recipient, `${filter.recipient}\u{10FFFF}`);
  }
  createdWithin(filter, clauses, params);
  if (after) {
    clauses.push("(created_at, id) < (?, ?)");
    params.push(after.createdAt.getTime(), after.id);
  }
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

/** The office's outbox on SQLite: the mail table, its retries audited through `insertAudit`. */
export function createSqliteOutboxOffice(
  db: Database.Database,
  { insertAudit }: { insertAudit: InsertAudit },
): OutboxOfficeStore {
  // One statement per shape of filter, prepared on first use.
  const prepared = new Map<string, Database.Statement<(string | number)[], OutboxRow>>();
  const s = {
    byId: db.prepare<[string], OutboxRow>(`SELECT * FROM mail WHERE id = ?`),
    retry: db.prepare<[number, number, string]>(
      `UPDATE mail SET state = 'PENDING', attempts = 0, next_attempt_at = ?, end_time = NULL,
                       lease_expires_at = NULL, claim_token = NULL, retried_at = ?
       WHERE id = ? AND state = 'ERROR' AND retried_at IS NULL`,
    ),
    today: db.prepare<[number], { count: number }>(
      `SELECT COUNT(*) AS count FROM automatic_mail WHERE queued_at >= ?`,
    ),
  };

  const retry = db.transaction((id: string, by: string, nowMs: number): OutboxRetry => {
    const row = s.byId.get(id);
    if (!row) return { kind: "not-found" };
    if (row.state !== "ERROR") return { kind: "not-failed" };
    if (row.retried_at !== null) return { kind: "already-retried" };
    s.retry.run(nowMs, nowMs, id);
    insertAudit(mailRetriedAudit(by, toMail(row)), nowMs);
    const updated = s.byId.get(id);
    return updated ? { kind: "retried", mail: toOutboxMail(updated) } : { kind: "not-found" };
  });

  return {
    async listOutbox(filter, limit, after) {
      const { where, params } = whereOf(filter, after);
      // A recipient names few mails: found by their key, rather than by walking every mail newest first.
      const from = filter.recipient ? "mail INDEXED BY mail_to_key" : "mail";
      const sql = `SELECT ${listColumns} FROM ${from} ${where} ORDER BY created_at DESC, id DESC LIMIT ?`;
      let list = prepared.get(sql);
      if (!list) {
        list = db.prepare<(string | number)[], OutboxRow>(sql);
        prepared.set(sql, list);
      }
      const rows = list.all(...params, limit + 1).map(toOutboxMail);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return {
        items,
        next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
      };
    },
    async getOutboxMail(id) {
      const row = s.byId.get(id);
      return row ? toOutboxMail(row) : null;
    },
    async retryFailedMail(id, by, now) {
      return retry.immediate(id, by, now.getTime());
    },
    async automaticMailsToday(now) {
      return s.today.get(startOfUtcDay(now.getTime()))?.count ?? 0;
    },
  };
}
