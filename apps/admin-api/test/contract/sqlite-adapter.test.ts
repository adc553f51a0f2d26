import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrations } from "../../src/adapters/sqlite/migrations.js";
import { createSqliteStore } from "../../src/adapters/sqlite/sqlite-store.js";

/** What only the SQLite adapter promises, beyond the shared contract. */
describe("SQLite adapter specifics", () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-api-sqlite-"));
    file = join(dir, "nested", "site.db");
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("creates its folder and file, uses WAL, and records the schema version", async () => {
    const store = createSqliteStore({ file });
    await store.close();
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(db.pragma("user_version", { simple: true })).toBe(migrations.length);
      const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as {
        name: string;
      }[];
      expect(indexes.map((index) => index.name)).toContain("subscriptions_email");
    } finally {
      db.close();
    }
  });

  it("finds mails by contact, comment, subscription, reply-to and end through the partial indexes", async () => {
    // Those indexes hold only the rows that have the value; a lookup of a value must still use them
    // (the person's data and erasure, the lead's reply, the purge of old bodies), or it scans the table.
    const store = createSqliteStore({ file });
    await store.close();
    const db = new Database(file, { readonly: true });
    try {
      const plan = (sql: string, ...values: unknown[]) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as { detail: string }[])
          .map((row) => row.detail)
          .join("\n");
      const person = plan(
        `SELECT id FROM mail WHERE to_key = @key OR reply_to_key = @key
           OR contact_id IN (SELECT id FROM contacts WHERE email_key = @key)
           OR comment_id IN (SELECT id FROM comments WHERE email_key = @key)
           OR subscription_id IN (SELECT id FROM subscriptions WHERE email = @key)`,
        { key: "k" },
      );
      for (const index of [
        "mail_reply_to_key",
        "mail_contact",
        "mail_comment",
        "mail_subscription",
      ])
        expect(person).toContain(`INDEX ${index} `);
      expect(
        plan(`SELECT id FROM mail WHERE contact_id = ? AND kind = 'lead-reply'`, "c"),
      ).toContain("INDEX mail_contact ");
      expect(
        plan(`SELECT id FROM mail WHERE state IN ('SUCCESS', 'ERROR') AND end_time < ?`, 1),
      ).toContain("INDEX mail_finished ");
    } finally {
      db.close();
    }
  });

  it("reopening keeps the data and does not migrate again", async () => {
    const first = createSqliteStore({ file });
    await first.addSubscription({ email: "kept@example.com" });
    await first.close();
    const second = createSqliteStore({ file });
    try {
      expect(await second.getSubscriptionByEmail("kept@example.com")).not.toBeNull();
    } finally {
      await second.close();
    }
  });

  it("refuses a database written by a newer release instead of corrupting it", () => {
    const db = new Database(file.replace("nested/", ""));
    db.pragma(`user_version = ${migrations.length + 1}`);
    db.close();
    expect(() => createSqliteStore({ file: file.replace("nested/", "") })).toThrow(
      /newer than this release/,
    );
  });

  it("the database enforces one subscription per email even outside the adapter", async () => {
    const store = createSqliteStore({ file });
    await store.addSubscription({ email: "one@example.com" });
    await store.close();
    const db = new Database(file);
    try {
      expect(() =>
        db
          .prepare(
            "INSERT INTO subscriptions (id, email, status, created_at, updated_at) VALUES ('x', 'one@example.com', 'subscribed', 0, 0)",
          )
          .run(),
      ).toThrow(/UNIQUE/);
    } finally {
      db.close();
    }
  });

  it("two processes on one file never claim the same mail", async () => {
    const a = createSqliteStore({ file });
    const b = createSqliteStore({ file });
    try {
      for (let i = 0; i < 30; i += 1) {
        await a.queueMail({
          message: { to: `r${i}@example.com`, subject: "S", text: "T", html: "<p>T</p>" },
          meta: { kind: "admin" },
        });
      }
      const now = new Date(Date.now() + 1_000);
      const lease = new Date(now.getTime() + 60_000);
      const batches = await Promise.all(
        [a, b, a, b, a, b].map((store) => store.claimDueMails(now, lease, 7)),
      );
      const ids = batches.flat().map((mail) => mail.id);
      expect(ids).toHaveLength(30);
      expect(new Set(ids).size).toBe(30);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("checkpoints the WAL on its own thread, and closing leaves one self-contained database file", async () => {
    const store = createSqliteStore({ file, checkpointIntervalMs: 60_000 });
    for (let i = 0; i < 50; i += 1) await store.addSubscription({ email: `w${i}@example.com` });
    const result = await store.checkpoint();
    expect(result.busy).toBe(0);
    expect(result.log).toBeGreaterThan(0);
    expect(result.checkpointed).toBe(result.log);
    await store.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const db = new Database(file, { readonly: true });
    try {
      expect((db.prepare("SELECT COUNT(*) AS n FROM subscriptions").get() as { n: number }).n).toBe(
        50,
      );
    } finally {
      db.close();
    }
  });

  it("a database of the release before, with `ÉLODIE@…` rows, is migrated to address keys and then erased by `élodie@…`", async () => {
    // The schema as the release before left it: the first seven steps (released steps never change).
    const old = new Database(file.replace("nested/", ""));
    for (const step of migrations.slice(0, 7)) {
      if (typeof step !== "string") throw new Error("the first seven steps are SQL");
      old.exec(step);
    }
    old.pragma("user_version = 7");
    const t = Date.parse("2026-11-20T10:00:00Z");
    const insertSubscription = old.prepare(
      `INSERT INTO subscriptions (id, email, status, created_at, updated_at, unsubscribed_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    // The form stored subscriptions lower-cased by JavaScript, but not NFC: one person typed twice.
    insertSubscription.run("sub-nfd", "e\u0301lodie@example.com", "unsubscribed", t, t, t + 1);
    insertSubscription.run("sub-nfc", "élodie@example.com", "subscribed", t + 2, t + 2, null);
    insertSubscription.run("sub-other", "other@example.com", "subscribed", t, t, null);
    old
      .prepare(
        `INSERT INTO contacts (id, name, email, subject, description, status, created_at, updated_at)
         VALUES (?, 'Élodie', ?, 'S', 'D', 'new', ?, ?)`,
      )
      .run("contact-1", "ÉLODIE@Example.com", t, t);
    old
      .prepare(
        `INSERT INTO comments (id, post, name, email, text, status, created_at, updated_at)
         VALUES ('comment-1', 'a-post', 'Élodie', ?, 'Merci', 'pending', ?, ?)`,
      )
      .run("E\u0301LODIE@example.com", t, t);
    const insertMail = old.prepare(
      `INSERT INTO mail (id, kind, contact_id, subscription_id, to_address, reply_to, subject, text_body,
                         html_body, state, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'S', 'T', 'H', 'PENDING', 0, ?, ?)`,
    );
    insertMail.run(
      "m-ack",
      "contact-acknowledgement",
      "contact-1",
      null,
      "ÉLODIE@Example.com",
      null,
      t,
      t,
    );
    insertMail.run("m-reply", "admin", null, null, "inbox@firm.test", "ÉLODIE@EXAMPLE.COM", t, t);
    insertMail.run(
      "m-welcome",
      "newsletter-welcome",
      null,
      "sub-nfd",
      "e\u0301lodie@example.com",
      null,
      t,
      t,
    );
    insertMail.run("m-other", "admin", null, null, "other@example.com", null, t, t);
    old.close();

    const store = createSqliteStore({ file: file.replace("nested/", "") });
    try {
      // One subscription per key: the subscribed one kept, the other's mail moved to it.
      const subscription = await store.getSubscriptionByEmail("ÉLODIE@example.com");
      expect(subscription).toMatchObject({ id: "sub-nfc", status: "subscribed" });
      expect((await store.getMail("m-welcome"))?.meta.subscriptionId).toBe("sub-nfc");
      expect(await store.getSubscription("sub-nfd")).toBeNull();
      const found = await store.findPersonalData("élodie@example.com");
      expect(found.contacts.map((c) => c.id)).toEqual(["contact-1"]);
      expect(found.comments.map((c) => c.id)).toEqual(["comment-1"]);
      expect(found.mails.map((m) => m.id).sort()).toEqual(["m-ack", "m-reply", "m-welcome"]);

      const erasure = await store.erasePersonalData("élodie@example.com", { addressHash: "h" });
      expect(erasure.deleted).toEqual({ subscriptions: 1, contacts: 1, comments: 1, mails: 3 });
      expect(await store.findPersonalData("ÉLODIE@Example.com")).toEqual({
        subscription: null,
        contacts: [],
        comments: [],
        mails: [],
      });
      expect((await store.listMails()).map((m) => m.id)).toEqual(["m-other"]);
      expect((await store.listSubscribers()).map((s) => s.id)).toEqual(["sub-other"]);
    } finally {
      await store.close();
    }
    const db = new Database(file.replace("nested/", ""), { readonly: true });
    try {
      expect(db.pragma("user_version", { simple: true })).toBe(migrations.length);
      // The lookups run on indexes of the key columns, not on lower(...).
      const plan = db
        .prepare("EXPLAIN QUERY PLAN SELECT id FROM contacts WHERE email_key = ?")
        .all("élodie@example.com") as { detail: string }[];
      expect(plan.map((row) => row.detail).join(" ")).toContain("contacts_email_key");
      const indexes = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '%lower(%'")
        .all();
      expect(indexes).toEqual([]);
    } finally {
      db.close();
    }
  });

  it("an in-memory database works for quick experiments", async () => {
    const store = createSqliteStore({ file: ":memory:" });
    expect((await store.addSubscription({ email: "m@example.com" })).created).toBe(true);
    await store.close();
  });
});
