import type { Database } from "better-sqlite3";

/**
 * Schema migrations, applied in order at start-up. `PRAGMA user_version` records how many ran, so a
 * database created by an older release is brought forward and a current one is left alone. Append
 * new steps; never edit a released one.
 */
export const migrations: readonly string[] = [
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
];

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
      db.exec(migrations[version] as string);
    }
    db.pragma(`user_version = ${migrations.length}`);
  });
  apply.immediate();
}
