import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import type { CloseReason, LeadStatus } from "@site/shared/office";
import { createdWithin, dateOrNull, likePattern } from "../adapters/sqlite/rows.js";
import { statementCache } from "../adapters/sqlite/statements.js";
import { toContact, type ContactRow } from "../contacts/sqlite.js";
import type { InsertMails } from "../mail/sqlite.js";
import type { InsertAudit } from "../staff/sqlite.js";
import {
  leadAudit,
  median,
  type LeadChange,
  type LeadCursor,
  type LeadEventData,
  type LeadEventRecord,
  type LeadFilter,
  type LeadRecord,
  type LeadStore,
} from "./port.js";

interface LeadRow extends Omit<ContactRow, "status"> {
  status: LeadStatus;
  owner: string | null;
  close_reason: CloseReason | null;
  first_answered_at: number | null;
}

interface EventRow {
  id: string;
  kind: LeadEventData["kind"];
  at: number;
  by: string | null;
  data: string;
}

const toLead = (row: LeadRow): LeadRecord => ({
  ...toContact({ ...row, status: "new" }),
  status: row.status,
  owner: row.owner,
  closeReason: row.close_reason,
  firstAnsweredAt: dateOrNull(row.first_answered_at),
});

const toEvent = (row: EventRow): LeadEventRecord =>
  ({
    ...(JSON.parse(row.data) as object),
    kind: row.kind,
    id: row.id,
    at: new Date(row.at),
    by: row.by,
  }) as LeadEventRecord;

/**
 * The WHERE clause of a filter and its parameters. The search is LIKE over the four fields, every word
 * required: measured against an FTS5 table on 10,000 leads (bench/office.ts), it meets the budget and
 * also finds parts of words and addresses ("bank" in "centralbank.example"), which FTS5's tokens do not.
 * LIKE ignores case for ASCII letters only.
 */
function whereOf(filter: LeadFilter, after: LeadCursor | null, withStatus: boolean) {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (withStatus && filter.status) {
    clauses.push("status = ?");
    params.push(filter.status);
  }
  if (filter.owner !== undefined) {
    if (typeof filter.owner === "string") {
      clauses.push("owner = ?");
      params.push(filter.owner);
    } else clauses.push("owner IS NULL");
  }
  if (filter.locale) {
    clauses.push("locale = ?");
    params.push(filter.locale);
  }
  createdWithin(filter, clauses, params);
  for (const word of (filter.q ?? "").split(/\s+/).filter(Boolean)) {
    clauses.push(
      "(name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\' OR subject LIKE ? ESCAPE '\\' OR description LIKE ? ESCAPE '\\')",
    );
    const pattern = likePattern(word);
    params.push(pattern, pattern, pattern, pattern);
  }
  if (after) {
    clauses.push("(created_at < ? OR (created_at = ? AND id < ?))");
    params.push(after.createdAt.getTime(), after.createdAt.getTime(), after.id);
  }
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

/** The leads capability on SQLite: the contacts table with the office's columns and lead_events. */
export function createSqliteLeads(
  db: Database.Database,
  now: () => number,
  { insertMails, insertAudit }: { insertMails: InsertMails; insertAudit: InsertAudit },
): LeadStore {
  // Statements by their SQL: the filters make a handful of shapes, each prepared once.
  const prepare = statementCache(db);
  const s = {
    leadById: db.prepare<[string], LeadRow>(`SELECT * FROM contacts WHERE id = ?`),
    events: db.prepare<[string], EventRow>(
      `SELECT id, kind, at, by, data FROM lead_events WHERE contact_id = ? ORDER BY at, rowid`,
    ),
    insertEvent: db.prepare<[string, string, string, number, string | null, string]>(
      `INSERT INTO lead_events (id, contact_id, kind, at, by, data) VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    setStatus: db.prepare<[string, string | null, number, string]>(
      `UPDATE contacts SET status = ?, close_reason = ?, updated_at = ? WHERE id = ?`,
    ),
    setOwner: db.prepare<[string | null, number, string]>(
      `UPDATE contacts SET owner = ?, updated_at = ? WHERE id = ?`,
    ),
    answered: db.prepare<[number, number, string]>(
      `UPDATE contacts SET first_answered_at = ?, updated_at = ? WHERE id = ? AND first_answered_at IS NULL`,
    ),
    lastReplyMail: db.prepare<[string], { id: string }>(
      `SELECT id FROM mail WHERE contact_id = ? AND kind = 'lead-reply' ORDER BY rowid DESC LIMIT 1`,
    ),
  };

  const addEvent = (leadId: string, by: string | null, at: number, data: LeadEventData) => {
    const id = randomUUID();
    const { kind, ...rest } = data;
    s.insertEvent.run(id, leadId, kind, at, by, JSON.stringify(rest));
    return { ...data, id, at: new Date(at), by } as LeadEventRecord;
  };

  const update = db.transaction((id: string, by: string, change: LeadChange) => {
    const row = s.leadById.get(id);
    if (!row) return null;
    const at = now();
    const events: LeadEventRecord[] = [];
    if (change.owner && change.owner.to !== row.owner) {
      s.setOwner.run(change.owner.to, at, id);
      events.push(addEvent(id, by, at, { kind: "assigned", owner: change.owner.to }));
    }
    if (
      change.status &&
      (change.status.to !== row.status || change.status.closeReason !== row.close_reason)
    ) {
      s.setStatus.run(change.status.to, change.status.closeReason, at, id);
      events.push(
        addEvent(id, by, at, {
          kind: "status",
          status: change.status.to,
          closeReason: change.status.closeReason,
        }),
      );
    }
    if (events.length > 0) insertAudit(leadAudit.updated(by, id, change), at);
    const updated = s.leadById.get(id);
    return updated ? { lead: toLead(updated), events } : null;
  });

  const note = db.transaction((id: string, by: string, text: string) => {
    if (!s.leadById.get(id)) return null;
    const at = now();
    const event = addEvent(id, by, at, { kind: "note", text });
    insertAudit(leadAudit.note(by, id), at);
    return event;
  });

  const reply = db.transaction(
    (
      id: string,
      by: string,
      content: { subject: string; body: string },
      mail: Parameters<InsertMails>[0][number],
    ) => {
      const row = s.leadById.get(id);
      if (!row) return null;
      const at = now();
      insertMails([mail], id, at);
      const mailId = s.lastReplyMail.get(id)?.id ?? "";
      const event = addEvent(id, by, at, { kind: "reply", ...content, mailId });
      if (s.answered.run(at, at, id).changes === 1 && row.status === "new") {
        s.setStatus.run("in_progress", null, at, id);
        addEvent(id, by, at, { kind: "status", status: "in_progress", closeReason: null });
      }
      insertAudit(leadAudit.reply(by, id, mailId), at);
      return event;
    },
  );

  const list = (filter: LeadFilter, limit: number, after: LeadCursor | null) => {
    const { where, params } = whereOf(filter, after, true);
    return prepare(`SELECT * FROM contacts ${where} ORDER BY created_at DESC, id DESC LIMIT ?`).all(
      ...params,
      limit,
    ) as LeadRow[];
  };

  return {
    async listLeads(filter, limit, after) {
      const rows = list(filter, limit + 1, after);
      const items = rows.slice(0, limit).map(toLead);
      const last = items.at(-1);
      return {
        items,
        next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
      };
    },
    async leadStats(filter) {
      const counts = { new: 0, in_progress: 0, closed: 0 };
      const count = (status: string, n: number) => {
        if (status === "new" || status === "in_progress" || status === "closed")
          counts[status] += n;
      };
      if (filter.q) {
        // A search scans the leads' text once: the counts and the answered times from the same pass.
        const { where, params } = whereOf(filter, null, false);
        const rows = prepare(`SELECT status, first_answered_at - created_at FROM contacts ${where}`)
          .raw()
          .all(...params) as [string, number | null][];
        const times: number[] = [];
        for (const [status, ms] of rows) {
          count(status, 1);
          if (ms !== null && (filter.status === undefined || filter.status === status))
            times.push(ms);
        }
        return { counts, medianFirstAnswerMs: median(times) };
      }
      // Otherwise from the indexes: counts grouped by status, and the middle of the answered times read
      // in order from contacts_answer_ms (no sort, no rows handed to JavaScript).
      const other = whereOf(filter, null, false);
      const rows = prepare(`SELECT status, count(*) FROM contacts ${other.where} GROUP BY status`)
        .raw()
        .all(...other.params) as [string, number][];
      for (const [status, n] of rows) count(status, n);
      const { where, params } = whereOf(filter, null, true);
      const answered = `${where ? `${where} AND` : "WHERE"} first_answered_at IS NOT NULL`;
      const n =
        (prepare(`SELECT count(*) FROM contacts ${answered}`)
          .pluck()
          .get(...params) as number) ?? 0;
      if (n === 0) return { counts, medianFirstAnswerMs: null };
      const middle = prepare(
        `SELECT first_answered_at - created_at FROM contacts ${answered}
         ORDER BY first_answered_at - created_at LIMIT ? OFFSET ?`,
      )
        .pluck()
        .all(...params, n % 2 === 1 ? 1 : 2, Math.floor((n - 1) / 2)) as number[];
      return { counts, medianFirstAnswerMs: median(middle) };
    },
    async *eachLead(filter, batch) {
      let after: LeadCursor | null = null;
      for (;;) {
        const rows: LeadRecord[] = list(filter, batch, after).map(toLead);
        if (rows.length > 0) yield rows;
        const last: LeadRecord | undefined = rows.at(-1);
        if (rows.length < batch || !last) return;
        after = { createdAt: last.createdAt, id: last.id };
      }
    },
    async getLead(id) {
      const row = s.leadById.get(id);
      return row ? toLead(row) : null;
    },
    async leadHistory(id) {
      const row = s.leadById.get(id);
      if (!row) return [];
      const received: LeadEventRecord = {
        kind: "received",
        id: `${id}-received`,
        at: new Date(row.created_at),
        by: null,
      };
      return [received, ...s.events.all(id).map(toEvent)];
    },
    async updateLead(id, by, change) {
      return update.immediate(id, by, change);
    },
    async addNote(id, by, text) {
      return note.immediate(id, by, text);
    },
    async addReply(id, by, content, mail) {
      return reply.immediate(id, by, content, mail);
    },
  };
}
