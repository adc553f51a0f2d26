import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import type { Locale } from "@site/shared/i18n";
import { emailKey } from "@site/shared/schemas";
import { dateOrNull, recordedFields } from "../adapters/sqlite/rows.js";
import type { SqliteWriteSeam } from "../adapters/sqlite/write-seam.js";
import type { NewMail } from "../mail/port.js";
import type { IdempotencyClaim } from "../common/idempotency/port.js";
import type { CommentRecord, CommentStatus, CommentStore, NewComment } from "./port.js";

export interface CommentRow {
  id: string;
  post: string;
  name: string;
  email: string;
  text: string;
  status: CommentStatus;
  created_at: number;
  updated_at: number;
  moderated_at: number | null;
  consent_page: string | null;
  consent_notice_version: string | null;
  locale: string;
}

export function toComment(row: CommentRow): CommentRecord {
  return {
    id: row.id,
    post: row.post,
    name: row.name,
    email: row.email,
    text: row.text,
    status: row.status,
    ...recordedFields(row),
    moderatedAt: dateOrNull(row.moderated_at),
  };
}

/**
 * The comments capability on SQLite: a comment and its mails in one transaction (a savepoint of the
 * group commit's batch, answered once the batch is on disk), then its moderation.
 */
export function createSqliteComments(
  db: Database.Database,
  now: () => number,
  {
    insertMails,
    idempotency: keys,
    commits,
  }: SqliteWriteSeam,
): CommentStore {
  const statements = {
    insert: db.prepare<
      [
        string,
        string,
        string,
        string,
        string,
        string,
        number,
        number,
        string | null,
        string | null,
        Locale,
      ]
    >(
      `INSERT INTO comments (id, post, name, email, email_key, text, status, created_at, updated_at,
                             consent_page, consent_notice_version, locale)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?)`,
    ),
    byId: db.prepare<[string], CommentRow>(`SELECT * FROM comments WHERE id = ?`),
    byStatus: db.prepare<[string], CommentRow>(
      `SELECT * FROM comments WHERE status = ? ORDER BY created_at, rowid`,
    ),
    byPostAndStatus: db.prepare<[string, string], CommentRow>(
      `SELECT * FROM comments WHERE post = ? AND status = ? ORDER BY created_at, rowid`,
    ),
    countSince: db.prepare<[string, number], { count: number }>(
      `SELECT COUNT(*) AS count FROM comments WHERE post = ? AND created_at >= ?`,
    ),
    // Read from the (status, created_at) index alone.
    countPending: db.prepare<[], { count: number }>(
      `SELECT COUNT(*) AS count FROM comments WHERE status = 'pending'`,
    ),
    setStatus: db.prepare<[string, number, number, string, string]>(
      `UPDATE comments SET status = ?, moderated_at = ?, updated_at = ? WHERE id = ? AND status <> ?`,
    ),
    // One statement: the pending check and the write cannot be split by another decision.
    decidePending: db.prepare<[string, number, number, string]>(
      `UPDATE comments SET status = ?, moderated_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'`,
    ),
  };
  const add = db.transaction(
    (
      comment: NewComment,
      mails: (commentId: string) => NewMail[],
      idempotency: IdempotencyClaim | undefined,
    ): { id: string; replayed?: true } => {
      const replay = keys.replayOf<{ id: string }>(idempotency);
      if (replay) return { id: replay.id, replayed: true };
      const id = randomUUID();
      const at = now();
      statements.insert.run(
        id,
        comment.post,
        comment.name,
        comment.email,
        emailKey(comment.email),
        comment.text,
        at,
        at,
        comment.consent?.page ?? null,
        comment.consent?.noticeVersion ?? null,
        comment.locale ?? "en",
      );
      // Built inside the transaction: a mail that fails to compose or store rolls the comment back.
      insertMails(
        mails(id).map((mail) => ({ ...mail, meta: { ...mail.meta, commentId: id } })),
        null,
        at,
      );
      keys.rememberKey(idempotency, { id }, at);
      return { id };
    },
  );
  return {
    async addCommentWithMails(comment, mails, idempotency) {
      return commits.write(() => add(comment, mails, idempotency));
    },
    async getComment(id) {
      const row = statements.byId.get(id);
      return row ? toComment(row) : null;
    },
    async listComments({ status, post }) {
      const rows =
        post === undefined
          ? statements.byStatus.all(status)
          : statements.byPostAndStatus.all(post, status);
      return rows.map(toComment);
    },
    async countCommentsSince(post, since) {
      return statements.countSince.get(post, since.getTime())?.count ?? 0;
    },
    async countPendingComments() {
      return statements.countPending.get()?.count ?? 0;
    },
    async setCommentStatus(id, status, options = {}) {
      const at = now();
      if (options.onlyIfPending) {
        if (statements.decidePending.run(status, at, at, id).changes === 1) return "changed";
        return statements.byId.get(id) ? "decided" : "unknown";
      }
      if (statements.setStatus.run(status, at, at, id, status).changes === 1) return "changed";
      return statements.byId.get(id) ? "unchanged" : "unknown";
    },
  };
}
