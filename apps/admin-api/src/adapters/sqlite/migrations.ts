import type { Database } from "better-sqlite3";
import { emailKey } from "@site/shared/schemas/plain";

/** One step: SQL, or a function for a step that needs JavaScript (run in the same transaction). */
export type Migration = string | ((db: Database) => void);

/**
 * Schema migrations, applied in order at start-up. `PRAGMA user_version` records how many ran, so a
 * database created by an older release is brought forward and a current one is left alone. Append
 * new steps; never edit a released one.
 */
export const migrations: readonly Migration[] = [
  `
  CREATE TABLE subscriptions (
    id          TEXT PRIMARY KEY,
    email       TEXT NOT NULL,
    status      TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
  );
  -- The unique key makes duplicate detection race-free: the insert itself decides.
  CREATE UNIQUE INDEX subscriptions_email ON subscriptions (email);

  CREATE TABLE contacts (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    email        TEXT NOT NULL,
    phone        TEXT,
    subject      TEXT NOT NULL,
    description  TEXT NOT NULL,
    status       TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
  );

  CREATE TABLE mail (
    id                TEXT PRIMARY KEY,
    kind              TEXT NOT NULL,
    contact_id        TEXT REFERENCES contacts (id),
    to_address        TEXT NOT NULL,
    reply_to          TEXT,
    subject           TEXT NOT NULL,
    text_body         TEXT NOT NULL,
    html_body         TEXT NOT NULL,
    state             TEXT NOT NULL,
    attempts          INTEGER NOT NULL DEFAULT 0,
    next_attempt_at   INTEGER NOT NULL,
    lease_expires_at  INTEGER,
    start_time        INTEGER,
    end_time          INTEGER,
    error             TEXT,
    message_id        TEXT,
    created_at        INTEGER NOT NULL
  );
  CREATE INDEX mail_due ON mail (state, next_attempt_at);
  CREATE INDEX mail_contact ON mail (contact_id);
  `,
  // The outbox's fencing token: set by each claim, required by every later change to that claim.
  `
  ALTER TABLE mail ADD COLUMN claim_token TEXT;
  `,
  // Automatic mail to visitors, counted for the per-recipient and daily limits (ports/store.ts,
  // AutomaticMailLimit): a keyed hash of the address, never the address, and when it was queued.
  // Rows older than 24 hours are deleted as new ones come.
  `
  CREATE TABLE automatic_mail (
    recipient_key  TEXT NOT NULL,
    queued_at      INTEGER NOT NULL
  );
  CREATE INDEX automatic_mail_recipient ON automatic_mail (recipient_key, queued_at);
  CREATE INDEX automatic_mail_queued ON automatic_mail (queued_at);
  `,
  // Consent, unsubscribing, a person's data and erasure records (Kenya's Data Protection Act 2019).
  // Rows from before have no recorded page or notice version (NULL); their consent time is created_at.
  `
  ALTER TABLE subscriptions ADD COLUMN consent_at INTEGER;
  ALTER TABLE subscriptions ADD COLUMN consent_page TEXT;
  ALTER TABLE subscriptions ADD COLUMN consent_notice_version TEXT;
  ALTER TABLE subscriptions ADD COLUMN unsubscribed_at INTEGER;
  ALTER TABLE contacts ADD COLUMN consent_page TEXT;
  ALTER TABLE contacts ADD COLUMN consent_notice_version TEXT;
  -- A person's data is found by address whatever case it was typed in (the contact form keeps it as typed).
  CREATE INDEX contacts_email ON contacts (lower(email));
  ALTER TABLE mail ADD COLUMN headers TEXT;
  ALTER TABLE mail ADD COLUMN subscription_id TEXT REFERENCES subscriptions (id);
  ALTER TABLE mail ADD COLUMN body_purged_at INTEGER;
  CREATE INDEX mail_to ON mail (lower(to_address));
  CREATE INDEX mail_reply_to ON mail (lower(reply_to));
  CREATE INDEX mail_subscription ON mail (subscription_id);
  CREATE INDEX mail_finished ON mail (state, end_time);

  CREATE TABLE erasures (
    id                     TEXT PRIMARY KEY,
    address_hash           TEXT NOT NULL,
    erased_at              INTEGER NOT NULL,
    deleted_subscriptions  INTEGER NOT NULL,
    deleted_contacts       INTEGER NOT NULL,
    deleted_mails          INTEGER NOT NULL
  );
  `,
  // Idempotency keys of submissions: a key seen again (while it holds) answers the first write's result.
  `
  CREATE TABLE idempotency_keys (
    scope        TEXT NOT NULL,
    key          TEXT NOT NULL,
    fingerprint  TEXT NOT NULL,
    result       TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
  );
  CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
  `,
  // Blog comments, stored pending and moderated by the firm; the mail about one (the firm's notification)
  // names it, so a person's erasure takes that mail too.
  `
  CREATE TABLE comments (
    id                      TEXT PRIMARY KEY,
    post                    TEXT NOT NULL,
    name                    TEXT NOT NULL,
    email                   TEXT NOT NULL,
    text                    TEXT NOT NULL,
    status                  TEXT NOT NULL,
    created_at              INTEGER NOT NULL,
    updated_at              INTEGER NOT NULL,
    moderated_at            INTEGER,
    consent_page            TEXT,
    consent_notice_version  TEXT
  );
  CREATE INDEX comments_post ON comments (post, status, created_at);
  CREATE INDEX comments_status ON comments (status, created_at);
  CREATE INDEX comments_email ON comments (lower(email));
  ALTER TABLE mail ADD COLUMN comment_id TEXT REFERENCES comments (id);
  CREATE INDEX mail_comment ON mail (comment_id);
  ALTER TABLE erasures ADD COLUMN deleted_comments INTEGER NOT NULL DEFAULT 0;
  `,
  // The language of the page each submission came from (answers and mails are in it); rows from before
  // were all English.
  `
  ALTER TABLE subscriptions ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';
  ALTER TABLE contacts ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';
  ALTER TABLE comments ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';
  `,
  keyAddresses,
  // The UTC days (their midnight) on which the firm was told that the daily cap on automatic mail was
  // reached: the primary key makes the notice once a day, whichever process refuses first.
  `
  CREATE TABLE daily_cap_notices (
    day        INTEGER PRIMARY KEY,
    queued_at  INTEGER NOT NULL
  );
  `,
  // The firm's office (src/staff, src/leads): staff and their roles, mailed sign-in links and sessions
  // (each stored only as the SHA-256 of its secret), the audit log; the leads inbox over contacts (owner,
  // close reason, first answer, each lead's history) and the indexes of its list (newest first, keyset).
  `
  CREATE TABLE staff (
    email     TEXT PRIMARY KEY,
    name      TEXT NOT NULL,
    role      TEXT NOT NULL,
    added_at  INTEGER NOT NULL,
    added_by  TEXT
  );
  CREATE TABLE sign_in_links (
    token_hash  TEXT PRIMARY KEY,
    email       TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    used_at     INTEGER
  );
  CREATE INDEX sign_in_links_email ON sign_in_links (email);
  CREATE TABLE staff_sessions (
    id_hash       TEXT PRIMARY KEY,
    email         TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    last_seen_at  INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL
  );
  CREATE INDEX staff_sessions_email ON staff_sessions (email);
  CREATE TABLE audit_log (
    id       TEXT PRIMARY KEY,
    at       INTEGER NOT NULL,
    actor    TEXT,
    action   TEXT NOT NULL,
    target   TEXT,
    details  TEXT NOT NULL
  );
  CREATE INDEX audit_log_at ON audit_log (at);
  ALTER TABLE contacts ADD COLUMN owner TEXT;
  ALTER TABLE contacts ADD COLUMN close_reason TEXT;
  ALTER TABLE contacts ADD COLUMN first_answered_at INTEGER;
  CREATE TABLE lead_events (
    id          TEXT PRIMARY KEY,
    contact_id  TEXT NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,
    at          INTEGER NOT NULL,
    by          TEXT,
    data        TEXT NOT NULL
  );
  CREATE INDEX lead_events_contact ON lead_events (contact_id, at);
  CREATE INDEX contacts_created ON contacts (created_at, id);
  CREATE INDEX contacts_status_created ON contacts (status, created_at, id);
  CREATE INDEX contacts_owner_created ON contacts (owner, created_at, id);
  CREATE INDEX contacts_locale_created ON contacts (locale, created_at, id);
  `,
  // The inbox's figures from indexes alone: each of the list's indexes carries every column a filter or
  // a figure reads (status, owner, language, first answer), so the counts per status and the answered
  // times under any filter but the search never read the leads' rows; with no filter the times come in
  // order from contacts_answer_ms (the median is read from the middle, leads/sqlite.ts).
  `
  DROP INDEX contacts_created;
  DROP INDEX contacts_status_created;
  DROP INDEX contacts_owner_created;
  DROP INDEX contacts_locale_created;
  CREATE INDEX contacts_created ON contacts (created_at, id, status, owner, locale, first_answered_at);
  CREATE INDEX contacts_status_created
    ON contacts (status, created_at, id, owner, locale, first_answered_at);
  CREATE INDEX contacts_owner_created
    ON contacts (owner, created_at, id, status, locale, first_answered_at);
  CREATE INDEX contacts_locale_created
    ON contacts (locale, created_at, id, status, owner, first_answered_at);
  CREATE INDEX contacts_answer_ms ON contacts (first_answered_at - created_at)
    WHERE first_answered_at IS NOT NULL;
  `,
  // The office's subscribers (newsletter/sqlite-office.ts): when the link to confirm a return was mailed
  // (the office's "awaiting confirmation"), which staff member unsubscribed a person on their request,
  // and the list's indexes, each carrying every column a filter or a count reads; the trend's ranges are
  // read from the consent time and departure indexes.
  `
  ALTER TABLE subscriptions ADD COLUMN confirmation_sent_at INTEGER;
  ALTER TABLE subscriptions ADD COLUMN unsubscribed_by TEXT;
  CREATE INDEX subscriptions_created ON subscriptions (created_at, id, status, locale, confirmation_sent_at);
  CREATE INDEX subscriptions_status_created
    ON subscriptions (status, created_at, id, locale, confirmation_sent_at);
  CREATE INDEX subscriptions_locale_created
    ON subscriptions (locale, created_at, id, status, confirmation_sent_at);
  CREATE INDEX subscriptions_consented ON subscriptions (coalesce(consent_at, created_at));
  CREATE INDEX subscriptions_departed ON subscriptions (unsubscribed_at) WHERE unsubscribed_at IS NOT NULL;
  `,
  // People's data requests and the audit log (personal-data/sqlite-requests.ts, staff/sqlite-audit.ts):
  // the register of requests (its address and the address's key are emptied when the person is erased,
  // the keyed hash stays), and the audit log's keyset order and filters, newest first.
  `
  CREATE TABLE data_requests (
    id            TEXT PRIMARY KEY,
    email         TEXT,
    email_key     TEXT,
    address_hash  TEXT NOT NULL,
    kind          TEXT NOT NULL,
    channel       TEXT NOT NULL,
    note          TEXT NOT NULL,
    received_on   TEXT NOT NULL,
    answered_on   TEXT,
    recorded_by   TEXT,
    answered_by   TEXT,
    created_at    INTEGER NOT NULL
  );
  CREATE INDEX data_requests_created ON data_requests (created_at, id);
  CREATE INDEX data_requests_email_key ON data_requests (email_key);
  CREATE INDEX data_requests_answered ON data_requests (answered_on);
  CREATE INDEX audit_log_at_id ON audit_log (at, id);
  CREATE INDEX audit_log_actor_at ON audit_log (actor, at, id);
  CREATE INDEX audit_log_action_at ON audit_log (action, at, id);
  CREATE INDEX audit_log_target_at ON audit_log (target, at, id);
  `,
  // The office's comment queue (comments/sqlite.ts): who made a comment's last decision (`office:<staff
  // address>`, `link`, `command`; null before this), and the queue's keyset order per status.
  `
  ALTER TABLE comments ADD COLUMN moderated_by TEXT;
  CREATE INDEX comments_queue ON comments (status, created_at, id);
  `,
  // The office's outbox (adapters/sqlite/mail-office.ts): when staff retried a failed mail (once per
  // mail), and the list's keyset order, newest first: every mail, and per state (the failed, the held).
  `
  ALTER TABLE mail ADD COLUMN retried_at INTEGER;
  CREATE INDEX mail_created ON mail (created_at, id);
  CREATE INDEX mail_state_created ON mail (state, created_at, id);
  `,
  // The comment queue read from indexes (bench/comments.ts, 10,000 comments): one post's comments in one
  // status in the queue's order (without it the status index is walked and every other post's comment
  // skipped, all of them for a post with few or none), and one language's (which also gives the counts
  // per status under a language filter, a table scan before). Comments only: the SQL is as first shipped.
  `
  CREATE INDEX comments_post_queue ON comments (post, status, created_at, id);
  CREATE INDEX comments_locale_queue ON comments (locale, status, created_at, id);
  `,
  // A mail is queued with most of these columns empty (a contact's mails name no subscription or comment,
  // a visitor's mail has no reply-to, and none has ended yet), and every queued mail wrote an entry for
  // each into each index. Only the rows that have the value are indexed now; every query on them asks
  // for a value (`= ?`, `IN (...)`, `end_time < ?`), which SQLite takes as "not null", so it still uses
  // them. The store's CPU per contact with its two mails, against every row indexed: 521 against 559 µs,
  // then 529 against 541 µs (bench/store-writes.ts, medians of 3, load 4-6).
  `
  DROP INDEX mail_contact;
  CREATE INDEX mail_contact ON mail (contact_id) WHERE contact_id IS NOT NULL;
  DROP INDEX mail_subscription;
  CREATE INDEX mail_subscription ON mail (subscription_id) WHERE subscription_id IS NOT NULL;
  DROP INDEX mail_comment;
  CREATE INDEX mail_comment ON mail (comment_id) WHERE comment_id IS NOT NULL;
  DROP INDEX mail_reply_to_key;
  CREATE INDEX mail_reply_to_key ON mail (reply_to_key) WHERE reply_to_key IS NOT NULL;
  DROP INDEX mail_finished;
  CREATE INDEX mail_finished ON mail (state, end_time) WHERE end_time IS NOT NULL;
  `,
];

/**
 * Every row is found by its address's key (shared `emailKey`: trimmed, NFC, lower-cased in JavaScript).
 * The `lower(...)` indexes before it knew only ASCII capitals: `ÉLODIE@…` erased as `élodie@…` deleted
 * nothing. Contacts, comments and mail keep the address as typed beside its key, filled here for the
 * rows already stored; a subscription's email is its key. Two subscriptions whose addresses now share a
 * key (typed once composed, once decomposed) are one person's: the subscribed one is kept, else the one
 * changed last (its consent is the current one), and the other's mails move to it.
 */
function keyAddresses(db: Database): void {
  db.exec(`
    ALTER TABLE contacts ADD COLUMN email_key TEXT;
    ALTER TABLE comments ADD COLUMN email_key TEXT;
    ALTER TABLE mail ADD COLUMN to_key TEXT;
    ALTER TABLE mail ADD COLUMN reply_to_key TEXT;
  `);
  const fill = (table: string, source: string, target: string) => {
    const update = db.prepare<[string, number]>(
      `UPDATE ${table} SET ${target} = ? WHERE rowid = ?`,
    );
    const rows = db
      .prepare<[], { row: number; address: string }>(
        `SELECT rowid AS row, ${source} AS address FROM ${table} WHERE ${source} IS NOT NULL`,
      )
      .all();
    for (const { row, address } of rows) update.run(emailKey(address), row);
  };
  fill("contacts", "email", "email_key");
  fill("comments", "email", "email_key");
  fill("mail", "to_address", "to_key");
  fill("mail", "reply_to", "reply_to_key");

  const subscriptions = db
    .prepare<[], { id: string; email: string; status: string; updated_at: number }>(
      `SELECT id, email, status, updated_at FROM subscriptions ORDER BY created_at, rowid`,
    )
    .all();
  const byKey = new Map<string, typeof subscriptions>();
  for (const row of subscriptions) {
    const key = emailKey(row.email);
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  const moveMails = db.prepare<[string, string]>(
    `UPDATE mail SET subscription_id = ? WHERE subscription_id = ?`,
  );
  const remove = db.prepare<[string]>(`DELETE FROM subscriptions WHERE id = ?`);
  const rekey = db.prepare<[string, string]>(`UPDATE subscriptions SET email = ? WHERE id = ?`);
  for (const [key, rows] of byKey) {
    const [kept, ...others] = [...rows].sort(
      (a, b) =>
        Number(b.status === "subscribed") - Number(a.status === "subscribed") ||
        b.updated_at - a.updated_at,
    );
    if (!kept) continue;
    for (const other of others) {
      moveMails.run(kept.id, other.id);
      remove.run(other.id);
    }
    if (kept.email !== key) rekey.run(key, kept.id);
  }

  db.exec(`
    DROP INDEX contacts_email;
    DROP INDEX comments_email;
    DROP INDEX mail_to;
    DROP INDEX mail_reply_to;
    CREATE INDEX contacts_email_key ON contacts (email_key);
    CREATE INDEX comments_email_key ON comments (email_key);
    CREATE INDEX mail_to_key ON mail (to_key);
    CREATE INDEX mail_reply_to_key ON mail (reply_to_key);
  `);
}

export function migrate(db: Database): void {
  // The version is read under the same write lock (IMMEDIATE) that applies the steps: two processes
  // opening a new file at once would otherwise both read 0, and the second would re-run step one.
  const apply = db.transaction(() => {
    const current = db.pragma("user_version", { simple: true }) as number;
    if (current > migrations.length) {
      throw new Error(
        `The database schema (version ${current}) is newer than this release understands (${migrations.length}).`,
      );
    }
    for (let version = current; version < migrations.length; version += 1) {
      const step = migrations[version] as Migration;
      if (typeof step === "string") db.exec(step);
      else step(db);
    }
    db.pragma(`user_version = ${migrations.length}`);
  });
  apply.immediate();
}
