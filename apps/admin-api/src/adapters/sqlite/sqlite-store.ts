import { randomUUID } from "node:crypto";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { isLocale, type Locale } from "@site/shared/i18n";
import { emailKey } from "@site/shared/schemas";
import {
  IdempotencyKeyReusedError,
  type AutomaticMailLimit,
  type ClaimedMail,
  type CommentRecord,
  type CommentStatus,
  type ConsentInput,
  type ContactRecord,
  type ErasureRecord,
  type IdempotencyClaim,
  type MailClaim,
  type MailRecord,
  type MailState,
  type NewComment,
  type NewContact,
  type NewMail,
  type NewSubscription,
  type ResubscribeResult,
  type SkippedMail,
  type Store,
  type SubscribeResult,
  type SubscriptionRecord,
} from "../../ports/store.js";
import { automaticMailWindowMs, startOfUtcDay } from "../mail-limit-window.js";
import { startCheckpointer, type CheckpointResult } from "./checkpointer.js";
import { migrate } from "./migrations.js";
import { makeExistingFilesPrivate, ensurePrivateDirectory, ensurePrivateFile } from "../private-files.js";

interface MailRow {
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

interface CommentRow {
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

interface ContactRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  description: string;
  status: ContactRecord["status"];
  created_at: number;
  updated_at: number;
  consent_page: string | null;
  consent_notice_version: string | null;
  locale: string;
}

interface SubscriptionRow {
  id: string;
  email: string;
  status: SubscriptionRecord["status"];
  created_at: number;
  updated_at: number;
  consent_at: number | null;
  consent_page: string | null;
  consent_notice_version: string | null;
  unsubscribed_at: number | null;
  locale: string;
}

const dateOrNull = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));
/** The column holds one of the site's languages (written by this adapter); anything else reads as English. */
const toLocale = (value: string): Locale => (isLocale(value) ? value : "en");

function toMail(row: MailRow): MailRecord {
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

function toContact(row: ContactRow): ContactRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    ...(row.phone === null ? {} : { phone: row.phone }),
    subject: row.subject,
    description: row.description,
    status: row.status,
    locale: toLocale(row.locale),
    consent: {
      at: new Date(row.created_at),
      page: row.consent_page,
      noticeVersion: row.consent_notice_version,
    },
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toComment(row: CommentRow): CommentRecord {
  return {
    id: row.id,
    post: row.post,
    name: row.name,
    email: row.email,
    text: row.text,
    status: row.status,
    locale: toLocale(row.locale),
    consent: {
      at: new Date(row.created_at),
      page: row.consent_page,
      noticeVersion: row.consent_notice_version,
    },
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    moderatedAt: dateOrNull(row.moderated_at),
  };
}

function toSubscription(row: SubscriptionRow): SubscriptionRecord {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    locale: toLocale(row.locale),
    consent: {
      at: new Date(row.consent_at ?? row.created_at),
      page: row.consent_page,
      noticeVersion: row.consent_notice_version,
    },
    unsubscribedAt: dateOrNull(row.unsubscribed_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export interface SqliteStoreOptions {
  /** Path of the database file (its folder is created), or ":memory:". */
  file: string;
  /** Server time for createdAt/updatedAt; injectable so tests can control it. */
  now?: () => number;
  /** How often the background thread checkpoints the WAL into the database file. */
  checkpointIntervalMs?: number;
}

export interface SqliteStore extends Store {
  /** Checkpoints the WAL into the database file now (before a file-level backup, say). */
  checkpoint(): Promise<CheckpointResult>;
}

/** sqlite's own default: checkpoint from inside a commit once the WAL holds this many pages. */
const automaticCheckpointPages = 1000;

/** The Store port on one SQLite file (WAL), schema migrated on open. */
export function createSqliteStore({
  file,
  now = Date.now,
  checkpointIntervalMs = 1000,
}: SqliteStoreOptions): SqliteStore {
  if (file !== ":memory:") {
    // People's data: the folder and the file are the service's alone (the WAL and SHM follow the file).
    ensurePrivateDirectory(dirname(file));
    ensurePrivateFile(file);
    makeExistingFilesPrivate([`${file}-wal`, `${file}-shm`]);
  }
  const db = new Database(file);
  // Another process (a second instance, an operator's sqlite3 shell) may hold the write lock briefly;
  // set first, so that switching a new file to WAL waits for it too.
  db.pragma("busy_timeout = 5000");
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  // FULL: every commit is fsynced to the WAL before it returns, so a contact or subscription the API
  // answered 201 for survives a power cut or an OS crash too. NORMAL would survive only a crash of the
  // process; in WAL mode FULL costs one fsync per commit (measured in the README's Benchmark section).
  // The outbox's bookkeeping opts out (withoutFsync below); its fsync also makes those commits durable.
  db.pragma("synchronous = FULL");
  // After a checkpoint the WAL is reused from its start; this bounds the file it leaves on disk.
  db.pragma("journal_size_limit = 67108864");
  migrate(db);

  // Checkpoints run on a thread of their own (see checkpointer.ts); if it fails, sqlite's automatic
  // checkpoints take over again so the WAL can never grow without bound.
  const checkpointer =
    file === ":memory:"
      ? null
      : startCheckpointer({
          file,
          intervalMs: checkpointIntervalMs,
          onFailure: () => {
            if (db.open) db.pragma(`wal_autocheckpoint = ${automaticCheckpointPages}`);
          },
        });
  if (checkpointer) db.pragma("wal_autocheckpoint = 0");

  const statements = {
    // A new address is inserted; a known one, subscribed or not, is left alone (no row returned): an
    // address that had unsubscribed comes back only through resubscribe (Decision 10).
    insertSubscription: db.prepare<
      [string, string, number, number, number, string | null, string | null, Locale],
      { id: string }
    >(
      `INSERT INTO subscriptions (id, email, status, created_at, updated_at, consent_at, consent_page, consent_notice_version,
                                  locale)
       VALUES (?, ?, 'subscribed', ?, ?, ?, ?, ?, ?)
       ON CONFLICT (email) DO NOTHING
       RETURNING id`,
    ),
    // One statement: only a subscription still unsubscribed since that very moment comes back.
    resubscribe: db.prepare<
      [number, number, string | null, string | null, Locale, string, number],
      { id: string }
    >(
      `UPDATE subscriptions SET status = 'subscribed', unsubscribed_at = NULL, updated_at = ?, consent_at = ?,
         consent_page = ?, consent_notice_version = ?, locale = ?
       WHERE id = ? AND status = 'unsubscribed' AND unsubscribed_at = ?
       RETURNING id`,
    ),
    subscriptionExists: db.prepare<[string], { id: string }>(
      `SELECT id FROM subscriptions WHERE id = ?`,
    ),
    subscriptionByEmail: db.prepare<[string], SubscriptionRow>(
      `SELECT * FROM subscriptions WHERE email = ?`,
    ),
    insertContact: db.prepare<
      [
        string,
        string,
        string,
        string,
        string | null,
        string,
        string,
        number,
        number,
        string | null,
        string | null,
        Locale,
      ]
    >(
      `INSERT INTO contacts (id, name, email, email_key, phone, subject, description, status, created_at,
                             updated_at, consent_page, consent_notice_version, locale)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'new', ?, ?, ?, ?, ?)`,
    ),
    contactById: db.prepare<[string], ContactRow>(`SELECT * FROM contacts WHERE id = ?`),
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
    ping: db.prepare(`SELECT 1`),
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
    since: db.prepare<[number], { count: number }>(
      `SELECT COUNT(*) AS count FROM automatic_mail WHERE queued_at >= ?`,
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
    if ((limitStatements.since.get(day)?.count ?? 0) >= limit.dailyCap) {
      limitStatements.forgetNotices.run(day - automaticMailWindowMs);
      if (limitStatements.noticeOnce.run(day, nowMs).changes === 1)
        insertMail(limit.dailyCapNotice, null, at);
      return "daily-cap";
    }
    limitStatements.record.run(limit.recipientKey, nowMs);
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
      else skipped.push({ kind: mail.meta.kind, to: mail.message.to, reason: refused });
    }
    return skipped;
  };

  const idempotencyStatements = {
    find: db.prepare<[string, string, number], { fingerprint: string; result: string }>(
      `SELECT fingerprint, result FROM idempotency_keys WHERE scope = ? AND key = ? AND expires_at > ?`,
    ),
    // An expired key's row is taken over by the new write.
    remember: db.prepare<[string, string, string, string, number, number]>(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, result, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint,
         result = excluded.result, created_at = excluded.created_at, expires_at = excluded.expires_at`,
    ),
    purge: db.prepare<[number]>(`DELETE FROM idempotency_keys WHERE expires_at <= ?`),
  };

  /**
   * Inside the write's transaction (IMMEDIATE: the write lock is held, so two copies of one key cannot
   * both pass): the first write's result if the key holds, null if the write is to go ahead.
   */
  const replayOf = <Result>(claim: IdempotencyClaim | undefined): Result | null => {
    if (!claim) return null;
    const row = idempotencyStatements.find.get(claim.scope, claim.key, claim.now.getTime());
    if (!row) return null;
    if (row.fingerprint !== claim.fingerprint) throw new IdempotencyKeyReusedError();
    return JSON.parse(row.result) as Result;
  };

  /** Records the key with the write's result, in the write's transaction. */
  const rememberKey = (claim: IdempotencyClaim | undefined, result: object, at: number): void => {
    if (!claim) return;
    idempotencyStatements.remember.run(
      claim.scope,
      claim.key,
      claim.fingerprint,
      JSON.stringify(result),
      at,
      claim.expiresAt.getTime(),
    );
  };

  const addContactWithMails = db.transaction(
    (
      contact: NewContact,
      mails: (contactId: string) => NewMail[],
      idempotency: IdempotencyClaim | undefined,
    ): { id: string; skipped: SkippedMail[]; replayed?: true } => {
      const replay = replayOf<{ id: string }>(idempotency);
      if (replay) return { id: replay.id, skipped: [], replayed: true };
      const id = randomUUID();
      const at = now();
      statements.insertContact.run(
        id,
        contact.name,
        contact.email,
        emailKey(contact.email),
        contact.phone ?? null,
        contact.subject,
        contact.description,
        at,
        at,
        contact.consent?.page ?? null,
        contact.consent?.noticeVersion ?? null,
        contact.locale ?? "en",
      );
      // Built inside the transaction: if composing or storing a mail fails, the contact is rolled back too.
      const skipped = insertMails(mails(id), id, at);
      rememberKey(idempotency, { id }, at);
      return { id, skipped };
    },
  );

  const addSubscription = db.transaction(
    (
      { email, consent, locale }: NewSubscription,
      mails:
        ((subscriptionId: string, context: { departedAt: Date | null }) => NewMail[]) | undefined,
      idempotency: IdempotencyClaim | undefined,
    ): SubscribeResult => {
      // `departed` is recorded for an address that had left (keys from before it read as created).
      const replay = replayOf<{ id: string; departed?: boolean }>(idempotency);
      if (replay)
        return replay.departed
          ? { created: false, reason: "departed", id: replay.id, skipped: [], replayed: true }
          : { created: true, id: replay.id, skipped: [], replayed: true };
      const at = now();
      const key = emailKey(email);
      const inserted = statements.insertSubscription.get(
        randomUUID(),
        key,
        at,
        at,
        at,
        consent?.page ?? null,
        consent?.noticeVersion ?? null,
        locale ?? "en",
      );
      const known = inserted ? null : statements.subscriptionByEmail.get(key);
      if (known?.status === "subscribed") return { created: false, reason: "duplicate" };
      // Known here means unsubscribed: the row stays as it is, only the link to confirm is queued.
      const id = inserted?.id ?? known?.id;
      if (id === undefined) throw new Error("subscription neither inserted nor found");
      const departedAt = known ? dateOrNull(known.unsubscribed_at) : null;
      // Built inside the transaction, after the read: a mail that fails to compose or store rolls it all back.
      const composed = (mails?.(id, { departedAt }) ?? []).map((mail) => ({
        ...mail,
        meta: { ...mail.meta, subscriptionId: id },
      }));
      const skipped = insertMails(composed, null, at);
      if (known) {
        rememberKey(idempotency, { id, departed: true }, at);
        return { created: false, reason: "departed", id, skipped };
      }
      rememberKey(idempotency, { id }, at);
      return { created: true, id, skipped };
    },
  );

  const resubscribe = db.transaction(
    (
      id: string,
      departedAt: Date,
      { consent, locale }: { consent?: ConsentInput | undefined; locale?: Locale | undefined },
      mails: ((subscriptionId: string) => NewMail[]) | undefined,
    ): ResubscribeResult => {
      const at = now();
      const row = statements.resubscribe.get(
        at,
        at,
        consent?.page ?? null,
        consent?.noticeVersion ?? null,
        locale ?? "en",
        id,
        departedAt.getTime(),
      );
      if (!row) return { outcome: statements.subscriptionExists.get(id) ? "stale" : "unknown" };
      const composed = (mails?.(id) ?? []).map((mail) => ({
        ...mail,
        meta: { ...mail.meta, subscriptionId: id },
      }));
      return { outcome: "resubscribed", skipped: insertMails(composed, null, at) };
    },
  );

  // IMMEDIATE takes the write lock up front, so two processes cannot claim the same rows.
  const claim = db.transaction((nowMs: number, leaseUntilMs: number, limit: number) =>
    statements.claim.all(leaseUntilMs, nowMs, nowMs, nowMs, limit),
  );

  /**
   * The outbox's own bookkeeping (claims, lease renewals, outcomes, releases) commits without waiting
   * for the disk: a power cut can lose only the last few of them, which means a mail is claimed again
   * or, at worst, sent once more under the same Message-ID. Everything else stays FULL (above).
   */
  const withoutFsync = <T>(write: () => T): T => {
    db.pragma("synchronous = NORMAL");
    try {
      return write();
    } finally {
      db.pragma("synchronous = FULL");
    }
  };

  const release = db.transaction((claims: readonly MailClaim[], nowMs: number) => {
    let released = 0;
    for (const { id, claimToken } of claims) {
      released += statements.release.run(nowMs, id, claimToken).changes;
    }
    return released;
  });

  const personalData = personalDataMethods(db, now);
  const comments = commentMethods(db, now, insertMails, { replayOf, rememberKey });

  let closed = false;

  return {
    async addSubscription(subscription, mails, idempotency) {
      return addSubscription.immediate(subscription, mails, idempotency);
    },
    async resubscribe(id, departedAt, renewal, mails) {
      return resubscribe.immediate(id, departedAt, renewal, mails);
    },
    async addContactWithMails(contact, mails, idempotency) {
      return addContactWithMails.immediate(contact, mails, idempotency);
    },
    async purgeIdempotencyKeys(before) {
      return idempotencyStatements.purge.run(before.getTime()).changes;
    },
    async queueMail(mail) {
      return { id: insertMail(mail, mail.meta.contactId ?? null, now()) };
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
    async getContact(id) {
      const row = statements.contactById.get(id);
      return row ? toContact(row) : null;
    },
    async getSubscriptionByEmail(email) {
      const row = statements.subscriptionByEmail.get(emailKey(email));
      return row ? toSubscription(row) : null;
    },
    async getMail(id) {
      const row = statements.mailById.get(id);
      return row ? toMail(row) : null;
    },
    async listMails(filter = {}) {
      const clauses: string[] = [];
      const params: string[] = [];
      if (filter.state !== undefined) {
        clauses.push("state = ?");
        params.push(filter.state);
      }
      if (filter.contactId !== undefined) {
        clauses.push("contact_id = ?");
        params.push(filter.contactId);
      }
      const where = clauses.length > 0 ? `WHERE ${clauses.join(" AND ")}` : "";
      const rows = db
        .prepare<string[], MailRow>(`SELECT * FROM mail ${where} ORDER BY created_at, rowid`)
        .all(...params);
      return rows.map(toMail);
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
    async ping() {
      statements.ping.get();
    },
    async checkpoint() {
      if (checkpointer) return checkpointer.checkpoint();
      const [busy = 0, log = 0, checkpointed = 0] = Object.values(
        (db.pragma("wal_checkpoint(PASSIVE)") as Record<string, number>[])[0] ?? {},
      );
      return { busy, log, checkpointed };
    },
    async close() {
      if (closed) return;
      closed = true;
      // The thread's connection closes first, so this last one checkpoints everything and removes the WAL.
      await checkpointer?.stop();
      db.close();
    },
    ...personalData,
    ...comments,
  };
}

/** The Store methods about blog comments. `insertMails` queues mails inside the caller's transaction. */
function commentMethods(
  db: Database.Database,
  now: () => number,
  insertMails: (mails: readonly NewMail[], contactId: string | null, at: number) => SkippedMail[],
  keys: {
    replayOf: <Result>(claim: IdempotencyClaim | undefined) => Result | null;
    rememberKey: (claim: IdempotencyClaim | undefined, result: object, at: number) => void;
  },
): Pick<
  Store,
  "addCommentWithMails" | "getComment" | "listComments" | "countCommentsSince" | "setCommentStatus"
> {
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
      return add.immediate(comment, mails, idempotency);
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

interface ErasureRow {
  id: string;
  address_hash: string;
  erased_at: number;
  deleted_subscriptions: number;
  deleted_contacts: number;
  deleted_mails: number;
  deleted_comments: number;
}

const toErasure = (row: ErasureRow): ErasureRecord => ({
  id: row.id,
  addressHash: row.address_hash,
  erasedAt: new Date(row.erased_at),
  deleted: {
    subscriptions: row.deleted_subscriptions,
    contacts: row.deleted_contacts,
    comments: row.deleted_comments,
    mails: row.deleted_mails,
  },
});

/** The Store methods about one person's data: unsubscribing, export, erasure and mail-body retention. */
function personalDataMethods(
  db: Database.Database,
  now: () => number,
): Pick<
  Store,
  | "getSubscription"
  | "unsubscribe"
  | "listSubscribers"
  | "findPersonalData"
  | "erasePersonalData"
  | "listErasures"
  | "purgeMailBodies"
> {
  // Mails to, replying to, or belonging to a contact, comment or subscription of the address. Contacts,
  // comments and mail keep the address as typed and its emailKey beside it (indexed, see migrations.ts);
  // a subscription's email is its key. Every statement below takes the key as @email.
  const mailsOfPerson = `FROM mail WHERE to_key = @email OR reply_to_key = @email
       OR contact_id IN (SELECT id FROM contacts WHERE email_key = @email)
       OR comment_id IN (SELECT id FROM comments WHERE email_key = @email)
       OR subscription_id IN (SELECT id FROM subscriptions WHERE email = @email)`;
  const statements = {
    subscriptionById: db.prepare<[string], SubscriptionRow>(
      `SELECT * FROM subscriptions WHERE id = ?`,
    ),
    unsubscribe: db.prepare<[number, number, string]>(
      `UPDATE subscriptions SET status = 'unsubscribed', unsubscribed_at = ?, updated_at = ?
       WHERE id = ? AND status = 'subscribed'`,
    ),
    subscribers: db.prepare<[], SubscriptionRow>(
      `SELECT * FROM subscriptions WHERE status = 'subscribed' ORDER BY created_at, rowid`,
    ),
    subscriptionByEmail: db.prepare<{ email: string }, SubscriptionRow>(
      `SELECT * FROM subscriptions WHERE email = @email`,
    ),
    contactsByEmail: db.prepare<{ email: string }, ContactRow>(
      `SELECT * FROM contacts WHERE email_key = @email ORDER BY created_at, rowid`,
    ),
    mailsOfPerson: db.prepare<{ email: string }, MailRow>(
      `SELECT * ${mailsOfPerson} ORDER BY created_at, rowid`,
    ),
    deleteMails: db.prepare<{ email: string }>(`DELETE ${mailsOfPerson}`),
    commentsByEmail: db.prepare<{ email: string }, CommentRow>(
      `SELECT * FROM comments WHERE email_key = @email ORDER BY created_at, rowid`,
    ),
    deleteComments: db.prepare<{ email: string }>(`DELETE FROM comments WHERE email_key = @email`),
    deleteContacts: db.prepare<{ email: string }>(`DELETE FROM contacts WHERE email_key = @email`),
    deleteSubscription: db.prepare<{ email: string }>(
      `DELETE FROM subscriptions WHERE email = @email`,
    ),
    insertErasure: db.prepare<ErasureRow>(
      `INSERT INTO erasures (id, address_hash, erased_at, deleted_subscriptions, deleted_contacts, deleted_mails,
                             deleted_comments)
       VALUES (@id, @address_hash, @erased_at, @deleted_subscriptions, @deleted_contacts, @deleted_mails,
               @deleted_comments)`,
    ),
    erasures: db.prepare<[], ErasureRow>(`SELECT * FROM erasures ORDER BY erased_at, rowid`),
    purgeBodies: db.prepare<[number, number]>(
      `UPDATE mail SET text_body = '', html_body = '', body_purged_at = ?
       WHERE state IN ('SUCCESS', 'ERROR') AND end_time < ? AND body_purged_at IS NULL`,
    ),
  };

  // Mails first: they reference the contacts, the comments and the subscription.
  const erase = db.transaction((email: string, addressHash: string): ErasureRecord => {
    const mails = statements.deleteMails.run({ email }).changes;
    const contacts = statements.deleteContacts.run({ email }).changes;
    const comments = statements.deleteComments.run({ email }).changes;
    const subscriptions = statements.deleteSubscription.run({ email }).changes;
    const row: ErasureRow = {
      id: randomUUID(),
      address_hash: addressHash,
      erased_at: now(),
      deleted_subscriptions: subscriptions,
      deleted_contacts: contacts,
      deleted_mails: mails,
      deleted_comments: comments,
    };
    statements.insertErasure.run(row);
    return toErasure(row);
  });

  return {
    async getSubscription(id) {
      const row = statements.subscriptionById.get(id);
      return row ? toSubscription(row) : null;
    },
    async unsubscribe(id) {
      const at = now();
      if (statements.unsubscribe.run(at, at, id).changes === 1) return "unsubscribed";
      return statements.subscriptionById.get(id) ? "already" : "unknown";
    },
    async listSubscribers() {
      return statements.subscribers.all().map(toSubscription);
    },
    async findPersonalData(address) {
      const email = emailKey(address);
      const subscription = statements.subscriptionByEmail.get({ email });
      return {
        subscription: subscription ? toSubscription(subscription) : null,
        contacts: statements.contactsByEmail.all({ email }).map(toContact),
        comments: statements.commentsByEmail.all({ email }).map(toComment),
        mails: statements.mailsOfPerson.all({ email }).map(toMail),
      };
    },
    async erasePersonalData(email, { addressHash }) {
      return erase.immediate(emailKey(email), addressHash);
    },
    async listErasures() {
      return statements.erasures.all().map(toErasure);
    },
    async purgeMailBodies(finishedBefore) {
      return statements.purgeBodies.run(now(), finishedBefore.getTime()).changes;
    },
  };
}
