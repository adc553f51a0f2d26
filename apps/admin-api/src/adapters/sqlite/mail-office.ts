import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import { emailKey } from "@site/shared/schemas/plain";
import type { NewMail, OutboxCounts, SkippedMail } from "../../mail/port.js";

/**
 * The parts of the SQLite mail adapter the office needs, kept out of mail/sqlite.ts: `hold` records,
 * inside the caller's transaction, an automatic mail a cap left out (a HELD row, mail/port.ts: the
 * recipient, its links and which cap, no body since it is never sent) and returns it as skipped;
 * `counts` counts the mails in each state in one pass over the (state, …) index.
 */
export function createSqliteMailOffice(db: Database.Database): {
  hold(
    mail: NewMail,
    contactId: string | null,
    at: number,
    reason: SkippedMail["reason"],
  ): SkippedMail;
  counts(): OutboxCounts;
} {
  const insert = db.prepare<
    [
      string,
      string,
      string | null,
      string,
      string,
      string,
      string,
      number,
      number,
      number,
      number,
      string | null,
      string | null,
      string | null,
    ]
  >(
    `INSERT INTO mail (id, kind, contact_id, to_address, to_key, subject, text_body, html_body, state, attempts,
                       error, next_attempt_at, end_time, created_at, body_purged_at, headers, subscription_id,
                       comment_id)
     VALUES (?, ?, ?, ?, ?, ?, '', '', 'HELD', 0, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const byState = db.prepare<[], { state: string; count: number }>(
    `SELECT state, COUNT(*) AS count FROM mail GROUP BY state`,
  );
  const hold = (
    mail: NewMail,
    contactId: string | null,
    at: number,
    reason: SkippedMail["reason"],
  ): SkippedMail => {
    insert.run(
      randomUUID(),
      mail.meta.kind,
      contactId,
      mail.message.to,
      emailKey(mail.message.to),
      mail.message.subject,
      reason,
      at,
      at,
      at,
      at,
      mail.message.headers === undefined ? null : JSON.stringify(mail.message.headers),
      mail.meta.subscriptionId ?? null,
      mail.meta.commentId ?? null,
    );
    return { kind: mail.meta.kind, to: mail.message.to, reason };
  };
  const counts = (): OutboxCounts => {
    const counts = new Map(byState.all().map((row) => [row.state, row.count]));
    return {
      queued: counts.get("PENDING") ?? 0,
      sending: counts.get("PROCESSING") ?? 0,
      sent: counts.get("SUCCESS") ?? 0,
      failed: counts.get("ERROR") ?? 0,
      held: counts.get("HELD") ?? 0,
    };
  };
  return { hold, counts };
}
