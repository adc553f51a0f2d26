import type Database from "better-sqlite3";
import type { SubscriberStatus } from "@site/shared/office";
import { createdWithin, dateOrNull, likePattern } from "../adapters/sqlite/rows.js";
import { statementCache } from "../adapters/sqlite/statements.js";
import type { InsertAudit } from "../staff/sqlite.js";
import type {
  SubscriberCursor,
  SubscriberFilter,
  SubscriberOfficeStore,
  SubscriberRecord,
} from "./port.js";
import { toSubscription, type SubscriptionRow } from "./sqlite.js";

interface SubscriberRow extends SubscriptionRow {
  confirmation_sent_at: number | null;
  unsubscribed_by: string | null;
}

const statusClause: Record<SubscriberStatus, string> = {
  subscribed: "status = 'subscribed'",
  pending: "status = 'unsubscribed' AND confirmation_sent_at IS NOT NULL",
  unsubscribed: "status = 'unsubscribed' AND confirmation_sent_at IS NULL",
};

export function toSubscriber(row: SubscriberRow): SubscriberRecord {
  const subscription = toSubscription(row);
  const pending = row.status === "unsubscribed" && row.confirmation_sent_at !== null;
  return {
    ...subscription,
    officeStatus: row.status === "subscribed" ? "subscribed" : pending ? "pending" : "unsubscribed",
    confirmationSentAt: pending ? dateOrNull(row.confirmation_sent_at) : null,
    unsubscribedBy: row.status === "unsubscribed" ? row.unsubscribed_by : null,
  };
}

/**
 * The WHERE clause of a filter. The search is LIKE over the address (stored as its key, lower case),
 * which reads the rows the other filters select: at 10,000 subscribers it meets the list's budget
 * (bench/office-subscribers.ts).
 */
function whereOf(filter: SubscriberFilter, after: SubscriberCursor | null, withStatus: boolean) {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (withStatus && filter.status) clauses.push(statusClause[filter.status]);
  if (filter.locale) {
    clauses.push("locale = ?");
    params.push(filter.locale);
  }
  createdWithin(filter, clauses, params);
  if (filter.q) {
    clauses.push("email LIKE ? ESCAPE '\\'");
    params.push(likePattern(filter.q.toLowerCase()));
  }
  if (after) {
    clauses.push("(created_at < ? OR (created_at = ? AND id < ?))");
    params.push(after.createdAt.getTime(), after.createdAt.getTime(), after.id);
  }
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

/** The newsletter's office on SQLite: the subscriptions table and the audit log on one connection. */
export function createSqliteSubscriberOffice(
  db: Database.Database,
  now: () => number,
  { insertAudit }: { insertAudit: InsertAudit },
): SubscriberOfficeStore {
  // Statements by their SQL: the filters make a handful of shapes, each prepared once.
  const prepare = statementCache(db);
  const s = {
    byId: db.prepare<[string], SubscriberRow>(`SELECT * FROM subscriptions WHERE id = ?`),
    consented: db.prepare<[number, number], number>(
      `SELECT count(*) FROM subscriptions
       WHERE coalesce(consent_at, created_at) >= ? AND coalesce(consent_at, created_at) < ?`,
    ),
    departed: db.prepare<[number, number], number>(
      `SELECT count(*) FROM subscriptions
       WHERE unsubscribed_at IS NOT NULL AND unsubscribed_at >= ? AND unsubscribed_at < ?`,
    ),
    // Subscribed or pending → unsubscribed now: a pending link was made for the earlier departure, so
    // moving unsubscribed_at makes it stale (resubscribe matches the exact moment).
    unsubscribe: db.prepare<[number, number, string, string]>(
      `UPDATE subscriptions SET status = 'unsubscribed', unsubscribed_at = ?, updated_at = ?,
         unsubscribed_by = ?, confirmation_sent_at = NULL
       WHERE id = ? AND (status = 'subscribed' OR confirmation_sent_at IS NOT NULL)`,
    ),
  };

  const list = (filter: SubscriberFilter, limit: number, after: SubscriberCursor | null) => {
    const { where, params } = whereOf(filter, after, true);
    return (
      prepare(`SELECT * FROM subscriptions ${where} ORDER BY created_at DESC, id DESC LIMIT ?`).all(
        ...params,
        limit,
      ) as SubscriberRow[]
    ).map(toSubscriber);
  };

  const unsubscribe = db.transaction(
    (id: string, by: string, audit: Parameters<InsertAudit>[0]) => {
      const at = now();
      if (s.unsubscribe.run(at, at, by, id).changes === 1) {
        insertAudit(audit, at);
        const row = s.byId.get(id);
        return row ? { outcome: "unsubscribed" as const, subscriber: toSubscriber(row) } : null;
      }
      const row = s.byId.get(id);
      return row ? { outcome: "already" as const, subscriber: toSubscriber(row) } : null;
    },
  );

  return {
    async listSubscriberPage(filter, limit, after) {
      const rows = list(filter, limit + 1, after);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return {
        items,
        next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
      };
    },
    async countSubscribers(filter) {
      const counts: Record<SubscriberStatus, number> = {
        subscribed: 0,
        pending: 0,
        unsubscribed: 0,
      };
      // Grouped by the stored status alone (the status index streams it, no sort), the pending counted
      // as the unsubscribed whose link is out: measured 2.7 times faster than grouping by the office's
      // state (a CASE, sorted) over 10,000 subscriptions.
      const { where, params } = whereOf(filter, null, false);
      const rows = prepare(
        `SELECT status, count(*), count(confirmation_sent_at) FROM subscriptions ${where} GROUP BY status`,
      )
        .raw()
        .all(...params) as [string, number, number][];
      for (const [status, n, linkOut] of rows) {
        if (status === "subscribed") counts.subscribed += n;
        else {
          counts.pending += linkOut;
          counts.unsubscribed += n - linkOut;
        }
      }
      return counts;
    },
    async *eachSubscriber(filter, batch) {
      let after: SubscriberCursor | null = null;
      for (;;) {
        const rows: SubscriberRecord[] = list(filter, batch, after);
        if (rows.length > 0) yield rows;
        const last: SubscriberRecord | undefined = rows.at(-1);
        if (rows.length < batch || !last) return;
        after = { createdAt: last.createdAt, id: last.id };
      }
    },
    async subscriberMoves(ranges) {
      return ranges.map(({ start, end }) => ({
        subscribed: s.consented.pluck().get(start.getTime(), end.getTime()) ?? 0,
        unsubscribed: s.departed.pluck().get(start.getTime(), end.getTime()) ?? 0,
      }));
    },
    async unsubscribeByStaff(id, by, audit) {
      return unsubscribe.immediate(id, by, audit);
    },
  };
}
