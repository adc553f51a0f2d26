import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import { emailKey } from "@site/shared/schemas/plain";
import { dateOrNull } from "../adapters/sqlite/rows.js";
import type { SqliteWriter } from "../adapters/sqlite/writer-port.js";
import { dailyCapNoticeMail } from "./daily-cap-notice.js";
import { automaticMailWindowMs, startOfUtcDay } from "./limit-window.js";
import { createSqliteMailOffice } from "../adapters/sqlite/mail-office.js";
import type {
  AutomaticMailLimit,
  ClaimedMail,
  MailClaim,
  MailRecord,
  MailState,
  MailStore,
  NewMail,
  SkippedMail,
} from "./port.js";

export interface MailRow {
  id: string;
  kind: MailRecord["meta"]["kind"];
  contact_id: string | null;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  state: MailState;
  attempts: number;
  next_attempt_at: number;
  lease_expires_at: number | null;
  start_time: number | null;
  end_time: number | null;
  error: string | null;
  message_id: string | null;
  created_at: number;
  claim_token: string | null;
  headers: string | null;
  subscription_id: string | null;
  body_purged_at: number | null;
  comment_id: string | null;
}

export function toMail(row: MailRow): MailRecord {
  return {
    id: row.id,
    message: {
      to: row.to_address,
      ...(row.reply_to === null ? {} : { replyTo: row.reply_to }),
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      ...(row.headers === null
        ? {}
        : { headers: JSON.parse(row.headers) as Record<string, string> }),
    },
    meta: {
      kind: row.kind,
      ...(row.contact_id === null ? {} : { contactId: row.contact_id }),
      ...(row.subscription_id === null ? {} : { subscriptionId: row.subscription_id }),
      ...(row.comment_id === null ? {} : { commentId: row.comment_id }),
    },
    delivery: {
      state: row.state,
      attempts: row.attempts,
      nextAttemptAt: new Date(row.next_attempt_at),
      leaseExpiresAt: dateOrNull(row.lease_expires_at),
      startTime: dateOrNull(row.start_time),
      endTime: dateOrNull(row.end_time),
      error: row.error,
      messageId: row.message_id,
    },
    createdAt: new Date(row.created_at),
  };
}

/**
 * Queues mails inside the caller's transaction, within their limits; returns the mails left out. The
 * transaction seam: the other capabilities' adapters call it inside their own write.
 */
export type InsertMails = (
  mails: readonly NewMail[],
  contactId: string | null,
  at: number,
) => SkippedMail[];

/**
 * Queuing mail inside a write's transaction: the mail rows, the automatic-mail limits and the mails they
 * hold back. On the writer thread's connection for the submissions (writer.ts), on the main connection
 * for the office's writes.
 */
export function createSqliteMailInserts(
  db: Database.Database,
  office: ReturnType<typeof createSqliteMailOffice> = createSqliteMailOffice(db),
): {
  insertMail: (mail: NewMail, contactId: string | null, at: number) => string;
  insertMails: InsertMails;
} {
  const statements = {
    insertMail: db.prepare<
      [
        string,
        string,
        string | null,
        string,
        string,
        string | null,
        string | null,
        string,
        string,
        string,
        number,
        number,
        string | null,
        string | null,
        string | null,
      ]
    >(
      `INSERT INTO mail (id, kind, contact_id, to_address, to_key, reply_to, reply_to_key, subject, text_body,
                         html_body, state, attempts, next_attempt_at, created_at, headers, subscription_id,
                         comment_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', 0, ?, ?, ?, ?, ?)`,
    ),
  };

  const insertMail = (
    mail: NewMail,
    contactId: string | null,
    at: number,
    subscriptionId: string | null = mail.meta.subscriptionId ?? null,
  ): string => {
    const id = randomUUID();
    const { message } = mail;
    statements.insertMail.run(
      id,
      mail.meta.kind,
      contactId,
      message.to,
      emailKey(message.to),
      message.replyTo ?? null,
      message.replyTo === undefined ? null : emailKey(message.replyTo),
      message.subject,
      message.text,
      message.html,
      at,
      at,
      message.headers === undefined ? null : JSON.stringify(message.headers),
      subscriptionId,
      mail.meta.commentId ?? null,
    );
    return id;
  };

  const limitStatements = {
    forget: db.prepare<[number]>(`DELETE FROM automatic_mail WHERE queued_at <= ?`),
    toRecipient: db.prepare<[string, number], { count: number }>(
      `SELECT COUNT(*) AS count FROM automatic_mail WHERE recipient_key = ? AND queued_at > ?`,
    ),
    // Counted only as far as the cap: the answer is "under the cap or not".
    since: db.prepare<[number, number], { count: number }>(
      `SELECT COUNT(*) AS count FROM (SELECT 1 FROM automatic_mail WHERE queued_at >= ? LIMIT ?)`,
    ),
    lastRow: db.prepare<[], { rowid: number | null }>(
      `SELECT MAX(rowid) AS rowid FROM automatic_mail`,
    ),
    record: db.prepare<[string, number]>(
      `INSERT INTO automatic_mail (recipient_key, queued_at) VALUES (?, ?)`,
    ),
    // The primary key makes "told once a day" hold across restarts and processes on one file.
    noticeOnce: db.prepare<[number, number]>(
      `INSERT INTO daily_cap_notices (day, queued_at) VALUES (?, ?) ON CONFLICT (day) DO NOTHING`,
    ),
    forgetNotices: db.prepare<[number]>(`DELETE FROM daily_cap_notices WHERE day < ?`),
  };

  /**
   * The day's count of limited mails, kept from one mail to the next: counting anew walked every row of
   * the day for each mail, a cost that grew through the day. It holds while the table's last row is the
   * one it saw: a row added by another connection, or one of ours rolled back with its savepoint, changes
   * the last row, and then it is counted again. Rows are only removed from before the day (`forget`).
   */
  let today: { day: number; cap: number; lastRow: number | null; count: number } | null = null;
  const countToday = (day: number, cap: number): number => {
    const lastRow = limitStatements.lastRow.get()?.rowid ?? null;
    if (today?.day !== day || today.cap !== cap || today.lastRow !== lastRow)
      today = { day, cap, lastRow, count: limitStatements.since.get(day, cap)?.count ?? 0 };
    return today.count;
  };

  /**
   * Checks and counts one limited mail; call inside the transaction that queues it. The first time in a
   * UTC day that the daily cap refuses a mail, the firm's notice is queued with it.
   */
  const takeMailLimit = (limit: AutomaticMailLimit, at: number): SkippedMail["reason"] | null => {
    const nowMs = limit.now.getTime();
    const dayAgo = nowMs - automaticMailWindowMs;
    const day = startOfUtcDay(nowMs);
    limitStatements.forget.run(dayAgo);
    if (
      (limitStatements.toRecipient.get(limit.recipientKey, dayAgo)?.count ?? 0) >=
      limit.perRecipient
    )
      return "recipient-limit";
    if (countToday(day, limit.dailyCap) >= limit.dailyCap) {
      limitStatements.forgetNotices.run(day - automaticMailWindowMs);
      if (limitStatements.noticeOnce.run(day, nowMs).changes === 1)
        insertMail(
          dailyCapNoticeMail({
            inbox: limit.dailyCapNotice.inbox,
            cap: limit.dailyCap,
            at: limit.now,
          }),
          null,
          at,
        );
      return "daily-cap";
    }
    const { lastInsertRowid } = limitStatements.record.run(limit.recipientKey, nowMs);
    if (today?.day === day) {
      today.count += 1;
      today.lastRow = Number(lastInsertRowid);
    }
    return null;
  };

  /**
   * Queues mails inside the caller's transaction; a mail carrying `limit` only within it (the rest are
   * queued regardless). Every method that queues mails goes through here. Returns the mails left out.
   */
  const insertMails = (
    mails: readonly NewMail[],
    contactId: string | null,
    at: number,
  ): SkippedMail[] => {
    const skipped: SkippedMail[] = [];
    for (const mail of mails) {
      const refused = mail.limit === undefined ? null : takeMailLimit(mail.limit, at);
      if (refused === null) insertMail(mail, contactId, at);
      else skipped.push(office.hold(mail, contactId, at, refused));
    }
    return skipped;
  };

  return { insertMail, insertMails };
}

/** The mail's one write through the writer (write-commands.ts): a mail queued on its own. */
export type MailWrites = {
  queueMail(args: { mail: NewMail; at: number }): { id: string };
};

/** The mail capability on SQLite: the outbox, the automatic-mail limits and mail-body retention. */
export function createSqliteMail(
  db: Database.Database,
  now: () => number,
  writer: SqliteWriter<MailWrites>,
): { store: MailStore; insertMails: InsertMails } {
  const office = createSqliteMailOffice(db);
  const { insertMails } = createSqliteMailInserts(db, office);
  const statements = {
    mailById: db.prepare<[string], MailRow>(`SELECT * FROM mail WHERE id = ?`),
    // randomblob() is evaluated per row: each claimed mail gets its own token.
    claim: db.prepare<[number, number, number, number, number], MailRow>(
      `UPDATE mail SET state = 'PROCESSING', lease_expires_at = ?, start_time = ?, attempts = attempts + 1,
                       claim_token = lower(hex(randomblob(16)))
       WHERE id IN (
         SELECT id FROM mail
         WHERE (state = 'PENDING' AND next_attempt_at <= ?) OR (state = 'PROCESSING' AND lease_expires_at <= ?)
         ORDER BY created_at, rowid
         LIMIT ?
       )
       RETURNING *`,
    ),
    // Every change to a claimed mail is fenced: it holds only while the claim's token is still stored.
    markSent: db.prepare<[number, string | null, string, string]>(
      `UPDATE mail SET state = 'SUCCESS', end_time = ?, message_id = ?, lease_expires_at = NULL, error = NULL,
                       claim_token = NULL
       WHERE id = ? AND claim_token = ? AND state = 'PROCESSING'`,
    ),
    markRetry: db.prepare<[string, number, string, string]>(
      `UPDATE mail SET state = 'PENDING', error = ?, next_attempt_at = ?, lease_expires_at = NULL, claim_token = NULL
       WHERE id = ? AND claim_token = ? AND state = 'PROCESSING'`,
    ),
    markError: db.prepare<[string, number, string, string]>(
      `UPDATE mail SET state = 'ERROR', error = ?, end_time = ?, lease_expires_at = NULL, claim_token = NULL
       WHERE id = ? AND claim_token = ? AND state = 'PROCESSING'`,
    ),
    renewLease: db.prepare<[number, string, string]>(
      `UPDATE mail SET lease_expires_at = ? WHERE id = ? AND claim_token = ? AND state = 'PROCESSING'`,
    ),
    release: db.prepare<[number, string, string]>(
      `UPDATE mail SET state = 'PENDING', next_attempt_at = ?, attempts = MAX(attempts - 1, 0),
                       lease_expires_at = NULL, claim_token = NULL
       WHERE id = ? AND claim_token = ? AND state = 'PROCESSING'`,
    ),
    retry: db.prepare<[number, string]>(
      `UPDATE mail SET state = 'PENDING', attempts = 0, next_attempt_at = ?, end_time = NULL, lease_expires_at = NULL,
                       claim_token = NULL
       WHERE id = ? AND state = 'ERROR'`,
    ),
    stats: db.prepare<[], { pending: number; failed: number; oldest: number | null }>(
      `SELECT
         COALESCE(SUM(state IN ('PENDING', 'PROCESSING')), 0) AS pending,
         COALESCE(SUM(state = 'ERROR'), 0) AS failed,
         MIN(CASE WHEN state IN ('PENDING', 'PROCESSING') THEN created_at END) AS oldest
       FROM mail`,
    ),
    purgeBodies: db.prepare<[number, number]>(
      `UPDATE mail SET text_body = '', html_body = '', body_purged_at = ?
       WHERE state IN ('SUCCESS', 'ERROR') AND end_time < ? AND body_purged_at IS NULL`,
    ),
  };

  // IMMEDIATE takes the write lock up front, so two processes cannot claim the same rows.
  const claim = db.transaction((nowMs: number, leaseUntilMs: number, limit: number) =>
    statements.claim.all(leaseUntilMs, nowMs, nowMs, nowMs, limit),
  );

  /**
   * The outbox's own bookkeeping (claims, lease renewals, outcomes, releases) commits without waiting
   * for the disk: a power cut can lose only the last few of them, which means a mail is claimed again
   * or, at worst, sent once more under the same Message-ID. Everything else stays FULL (above).
   */
  /** listMails' statements, one per combination of filters, prepared on first use. */
  const listStatements = new Map<string, Database.Statement<string[], MailRow>>();

  const noFsync = db.prepare("PRAGMA synchronous = NORMAL");
  const fsyncEach = db.prepare("PRAGMA synchronous = FULL");
  const withoutFsync = <T>(write: () => T): T => {
    noFsync.run();
    try {
      return write();
    } finally {
      fsyncEach.run();
    }
  };

  const release = db.transaction((claims: readonly MailClaim[], nowMs: number) => {
    let released = 0;
    for (const { id, claimToken } of claims) {
      released += statements.release.run(nowMs, id, claimToken).changes;
    }
    return released;
  });

  return {
    insertMails,
    store: {
      async queueMail(mail) {
        return writer.run("queueMail", { mail, at: now() });
      },
      async claimDueMails(nowDate, leaseUntil, limit) {
        const rows = withoutFsync(() =>
          claim.immediate(nowDate.getTime(), leaseUntil.getTime(), limit),
        );
        // RETURNING gives no order guarantee; the port promises oldest first.
        return rows
          .map((row): ClaimedMail => ({ ...toMail(row), claimToken: row.claim_token ?? "" }))
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      },
      async renewMailLease({ id, claimToken }, leaseUntil) {
        return withoutFsync(
          () => statements.renewLease.run(leaseUntil.getTime(), id, claimToken).changes === 1,
        );
      },
      async releaseMails(claims, nowDate) {
        return claims.length === 0
          ? 0
          : withoutFsync(() => release.immediate(claims, nowDate.getTime()));
      },
      async markMailSent({ id, claimToken }, at, messageId) {
        return withoutFsync(
          () => statements.markSent.run(at.getTime(), messageId, id, claimToken).changes === 1,
        );
      },
      async markMailFailed({ id, claimToken }, at, error, retry) {
        const { changes } = withoutFsync(() =>
          retry.final
            ? statements.markError.run(error, at.getTime(), id, claimToken)
            : statements.markRetry.run(error, retry.nextAttemptAt.getTime(), id, claimToken),
        );
        return changes === 1;
      },
      async retryMail(id, nowDate) {
        return statements.retry.run(nowDate.getTime(), id).changes === 1;
      },
      async getMail(id) {
        const row = statements.mailById.get(id);
        return row ? toMail(row) : null;
      },
      async listMails(filter = {}) {
        const clauses: string[] = ["state != 'HELD'"];
        const params: string[] = [];
        if (filter.state !== undefined) {
          clauses.push("state = ?");
          params.push(filter.state);
        }
        if (filter.contactId !== undefined) {
          clauses.push("contact_id = ?");
          params.push(filter.contactId);
        }
        const where = `WHERE ${clauses.join(" AND ")}`;
        let list = listStatements.get(where);
        if (!list) {
          list = db.prepare<string[], MailRow>(
            `SELECT * FROM mail ${where} ORDER BY created_at, rowid`,
          );
          listStatements.set(where, list);
        }
        return list.all(...params).map(toMail);
      },
      async outboxStats(nowDate) {
        const row = statements.stats.get();
        return {
          pending: row?.pending ?? 0,
          failed: row?.failed ?? 0,
          oldestPendingAgeMs:
            row?.oldest === null || row?.oldest === undefined
              ? null
              : Math.max(0, nowDate.getTime() - row.oldest),
        };
      },
      outboxCounts: async () => office.counts(),
      async purgeMailBodies(finishedBefore) {
        return statements.purgeBodies.run(now(), finishedBefore.getTime()).changes;
      },
    },
  };
}
