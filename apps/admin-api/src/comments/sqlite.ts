import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import type { Locale } from "@site/shared/i18n";
import { emailKey } from "@site/shared/schemas/plain";
import { dateOrNull, preparedBySql, recordedFields } from "../adapters/sqlite/rows.js";
import type { SqliteWriteSeam } from "../adapters/sqlite/write-seam.js";
import type { SqliteWriter } from "../adapters/sqlite/writer-port.js";
import type { NewMail } from "../mail/port.js";
import type { IdempotencyClaim } from "../common/idempotency/port.js";
import {
  commentAudit,
  commentStatuses,
  decodeDecider,
  encodeDecider,
  officeDecisionRefusal,
  type CommentCursor,
  type CommentQueueFilter,
  type CommentRecord,
  type CommentStatus,
  type CommentStore,
  type NewComment,
  type OfficeCommentDecision,
} from "./port.js";

/** The WHERE clause of the queue's filter (its status optional: the counts) and its parameters. */
function queueWhere(filter: Partial<CommentQueueFilter>, after: CommentCursor | null) {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (filter.status !== undefined) {
    clauses.push("status = ?");
    params.push(filter.status);
  }
  if (filter.post !== undefined) {
    clauses.push("post = ?");
    params.push(filter.post);
  }
  if (filter.locale !== undefined) {
    clauses.push("locale = ?");
    params.push(filter.locale);
  }
  if (after) {
    clauses.push("(created_at > ? OR (created_at = ? AND id > ?))");
    params.push(after.createdAt.getTime(), after.createdAt.getTime(), after.id);
  }
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

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
  moderated_by: string | null;
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
    moderatedBy: decodeDecider(row.moderated_by),
  };
}

/** A comment's write, on the writer's connection (writer.ts). */
export interface AddComment {
  comment: NewComment;
  /** Chosen by the caller, which composed `mails` for it. */
  id: string;
  mails: NewMail[];
  idempotency: IdempotencyClaim | undefined;
  at: number;
}

export type DecideCommentResult = Awaited<ReturnType<CommentStore["decideCommentInOffice"]>>;

/** The comments' writes on the writer's connection: a new comment with its mails, an office decision. */
export type CommentWrites = ReturnType<typeof createCommentWrites>;

export function createCommentWrites(
  db: Database.Database,
  { insertMails, idempotency: keys, insertAudit }: SqliteWriteSeam,
) {
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
    // One statement: the expected-status check and the write cannot be split by another decision.
    decideFrom: db.prepare<[string, number, number, string | null, string, string]>(
      `UPDATE comments SET status = ?, moderated_at = ?, updated_at = ?, moderated_by = ?
       WHERE id = ? AND status = ?`,
    ),
  };
  return {
    addComment({ comment, id, mails, idempotency, at }: AddComment): {
      id: string;
      replayed?: true;
    } {
      const replay = keys.replayOf<{ id: string }>(idempotency);
      if (replay) return { id: replay.id, replayed: true };
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
      insertMails(mails, null, at);
      keys.rememberKey(idempotency, { id }, at);
      return { id };
    },

    decideComment({
      id,
      decision,
      by,
      at,
    }: {
      id: string;
      decision: OfficeCommentDecision;
      by: string;
      at: number;
    }): DecideCommentResult {
      const row = statements.byId.get(id);
      if (!row) return { kind: "not-found" };
      const refusal = officeDecisionRefusal(decision, row.status);
      if (refusal) return { kind: refusal, comment: toComment(row) };
      const decider = encodeDecider({ via: "office", staff: by });
      statements.decideFrom.run(decision, at, at, decider, id, row.status);
      insertAudit(commentAudit(by, toComment(row), decision, row.status), at);
      const after = statements.byId.get(id);
      return after ? { kind: "done", comment: toComment(after) } : { kind: "not-found" };
    },
  };
}

/**
 * The comments capability on SQLite: a comment and its mails in one transaction (a savepoint of the
 * writer's batch, answered once the batch is on disk), then its moderation. The mails are composed here,
 * for the id chosen here, before the write.
 */
export function createSqliteComments(
  db: Database.Database,
  now: () => number,
  writer: SqliteWriter<CommentWrites>,
): CommentStore {
  // The queue's filters make a handful of shapes, each prepared once.
  const prepare = preparedBySql<unknown>(db);
  const statements = {
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
    setStatus: db.prepare<[string, number, number, string | null, string, string]>(
      `UPDATE comments SET status = ?, moderated_at = ?, updated_at = ?, moderated_by = ?
       WHERE id = ? AND status <> ?`,
    ),
    // One statement: the expected-status check and the write cannot be split by another decision.
    decideFrom: db.prepare<[string, number, number, string | null, string, string]>(
      `UPDATE comments SET status = ?, moderated_at = ?, updated_at = ?, moderated_by = ?
       WHERE id = ? AND status = ?`,
    ),
  };
  return {
    async addCommentWithMails(comment, mails, idempotency) {
      const id = randomUUID();
      const composed = mails(id).map((mail) => ({
        ...mail,
        meta: { ...mail.meta, commentId: id },
      }));
      return writer.run("addComment", { comment, id, mails: composed, idempotency, at: now() });
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
      const by = options.by ? encodeDecider(options.by) : null;
      if (options.onlyIfPending) {
        if (statements.decideFrom.run(status, at, at, by, id, "pending").changes === 1)
          return "changed";
        return statements.byId.get(id) ? "decided" : "unknown";
      }
      if (statements.setStatus.run(status, at, at, by, id, status).changes === 1) return "changed";
      return statements.byId.get(id) ? "unchanged" : "unknown";
    },
    async listCommentQueue(filter, limit, after) {
      const { where, params } = queueWhere(filter, after);
      const rows = prepare(`SELECT * FROM comments ${where} ORDER BY created_at, id LIMIT ?`).all(
        ...params,
        limit + 1,
      ) as CommentRow[];
      const items = rows.slice(0, limit).map(toComment);
      const last = items.at(-1);
      return {
        items,
        next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
      };
    },
    async countCommentsByStatus(filter) {
      const { where, params } = queueWhere(filter, null);
      const counts = Object.fromEntries(commentStatuses.map((status) => [status, 0])) as Record<
        CommentStatus,
        number
      >;
      const rows = prepare(`SELECT status, count(*) FROM comments ${where} GROUP BY status`)
        .raw()
        .all(...params) as [string, number][];
      for (const [status, n] of rows)
        if ((commentStatuses as readonly string[]).includes(status))
          counts[status as CommentStatus] = n;
      return counts;
    },
    async decideCommentInOffice(id, decision, by) {
      return writer.run("decideComment", { id, decision, by, at: now() });
    },
  };
}
