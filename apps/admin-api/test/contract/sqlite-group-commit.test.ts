import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGroupCommit } from "../../src/adapters/sqlite/group-commit.js";
import { createSqliteStore, type SqliteStore } from "../../src/adapters/sqlite/sqlite-store.js";
import {
  IdempotencyKeyReusedError,
  type IdempotencyClaim,
  type NewMail,
} from "../../src/ports/store.js";
import { testDataKey } from "../helpers/app.js";
import { contact, contactMails } from "./contract-fixtures.js";

const morning = new Date("2026-11-23T10:00:00Z");
const claim = (key: string, fingerprint: string): IdempotencyClaim => ({
  scope: "contact",
  key,
  fingerprint,
  now: morning,
  expiresAt: new Date(morning.getTime() + 60_000),
});

/**
 * The group commit (adapters/sqlite/group-commit.ts): writes issued in the same turn of the event loop
 * share one transaction and one fsync, each in a savepoint of its own, and every promise settles only
 * once its batch is on disk. Each test issues its writes together (Promise.all, no await between them),
 * so they land in one batch; `writeStats()` shows that they did.
 */
describe("SQLite group commit: a batch of writes", () => {
  let dir: string;
  let file: string;
  let store: SqliteStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-api-group-"));
    file = join(dir, "site.db");
    store = createSqliteStore({ file });
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Rows in the file as another connection (an operator, the next process) reads them. */
  const count = (sql: string, ...params: unknown[]) => {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return (db.prepare(sql).get(...params) as { n: number }).n;
    } finally {
      db.close();
    }
  };

  it("writes issued together share one transaction and one fsync, and all are stored", async () => {
    const before = store.writeStats();
    const results = await Promise.all([
      store.addContactWithMails(contact({ email: "a@example.com" }), contactMails),
      store.addSubscription({ email: "b@example.com" }),
      store.addContactWithMails(contact({ email: "c@example.com" }), contactMails),
    ]);
    const after = store.writeStats();
    expect(after.writes - before.writes).toBe(3);
    expect(after.batches - before.batches).toBe(1);
    expect(after.flushes - before.flushes).toBe(1);
    expect(results[1]).toMatchObject({ created: true });
    expect(count("SELECT COUNT(*) AS n FROM contacts")).toBe(2);
    expect(count("SELECT COUNT(*) AS n FROM mail")).toBe(4);
    expect(count("SELECT COUNT(*) AS n FROM subscriptions")).toBe(1);
  });

  it("an item that throws fails alone: its contact and mails are rolled back, the others are stored", async () => {
    const failing = (contactId: string): NewMail[] => {
      contactMails(contactId);
      throw new Error("composing the mail failed");
    };
    const [first, second, third] = await Promise.allSettled([
      store.addContactWithMails(contact({ email: "first@example.com" }), contactMails),
      store.addContactWithMails(contact({ email: "second@example.com" }), failing),
      store.addContactWithMails(contact({ email: "third@example.com" }), contactMails),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(second).toMatchObject({
      status: "rejected",
      reason: { message: "composing the mail failed" },
    });
    expect(third.status).toBe("fulfilled");
    expect(count("SELECT COUNT(*) AS n FROM contacts WHERE email = 'second@example.com'")).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM contacts")).toBe(2);
    // No contact without its two mails, no mail without its contact.
    expect(
      count(
        "SELECT COUNT(*) AS n FROM contacts c WHERE (SELECT COUNT(*) FROM mail m WHERE m.contact_id = c.id) <> 2",
      ),
    ).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM mail")).toBe(4);
  });

  it("one idempotency key twice in a batch: the second copy gets the first's answer and writes nothing", async () => {
    const [first, repeat] = await Promise.all([
      store.addContactWithMails(contact(), contactMails, claim("k".repeat(22), "same")),
      store.addContactWithMails(contact(), contactMails, claim("k".repeat(22), "same")),
    ]);
    expect(repeat).toEqual({ id: first.id, skipped: [], replayed: true });
    expect(count("SELECT COUNT(*) AS n FROM contacts")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM mail")).toBe(2);
  });

  it("a key reused with other fields in the same batch is refused alone; the first write stands", async () => {
    const [first, reused] = await Promise.allSettled([
      store.addContactWithMails(contact(), contactMails, claim("r".repeat(22), "fields-a")),
      store.addContactWithMails(
        contact({ subject: "Other" }),
        contactMails,
        claim("r".repeat(22), "fields-b"),
      ),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(reused.status).toBe("rejected");
    expect(reused.status === "rejected" && reused.reason).toBeInstanceOf(IdempotencyKeyReusedError);
    expect(count("SELECT COUNT(*) AS n FROM contacts")).toBe(1);
  });

  it("the per-recipient cap counts the writes before it in the same batch", async () => {
    const acknowledged =
      (email: string) =>
      (contactId: string): NewMail[] => [
        {
          message: { to: email, subject: "Received", text: "t", html: "<p>t</p>" },
          meta: { kind: "contact-acknowledgement", contactId },
          limit: {
            recipientKey: testDataKey(email),
            perRecipient: 1,
            dailyCap: 200,
            now: morning,
            dailyCapNotice: { inbox: "inbox@example.com" },
          },
        },
      ];
    const email = "capped@example.com";
    const [first, second] = await Promise.all([
      store.addContactWithMails(contact({ email }), acknowledged(email)),
      store.addContactWithMails(contact({ email }), acknowledged(email)),
    ]);
    expect(first.skipped).toEqual([]);
    expect(second.skipped).toEqual([
      { kind: "contact-acknowledgement", to: email, reason: "recipient-limit" },
    ]);
    expect(count("SELECT COUNT(*) AS n FROM contacts")).toBe(2);
    // One mail to send; the second, refused by the cap, is kept as held (the office's outbox shows it).
    expect(count("SELECT COUNT(*) AS n FROM mail WHERE state <> 'HELD'")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM mail WHERE state = 'HELD'")).toBe(1);
  });

  it("the daily cap does not count a mail whose write was rolled back inside the batch", async () => {
    const limited = (to: string): NewMail => ({
      message: { to, subject: "Received", text: "t", html: "<p>t</p>" },
      meta: { kind: "contact-acknowledgement" },
      limit: {
        recipientKey: testDataKey(to),
        perRecipient: 10,
        dailyCap: 2,
        now: morning,
        dailyCapNotice: { inbox: "inbox@example.com" },
      },
    });
    const [first, rolledBack, second, third] = await Promise.allSettled([
      store.addContactWithMails(contact({ email: "a@example.com" }), () => [
        limited("a@example.com"),
      ]),
      // Its acknowledgement is counted, then its next mail fails: the savepoint takes both back.
      store.addContactWithMails(contact({ email: "b@example.com" }), () => [
        limited("b@example.com"),
        {
          message: limited("b@example.com").message,
          meta: { kind: undefined as unknown as "admin" },
        },
      ]),
      store.addContactWithMails(contact({ email: "c@example.com" }), () => [
        limited("c@example.com"),
      ]),
      store.addContactWithMails(contact({ email: "d@example.com" }), () => [
        limited("d@example.com"),
      ]),
    ]);
    expect(rolledBack.status).toBe("rejected");
    expect(first).toMatchObject({ status: "fulfilled", value: { skipped: [] } });
    expect(second).toMatchObject({ status: "fulfilled", value: { skipped: [] } });
    expect(third).toMatchObject({
      status: "fulfilled",
      value: { skipped: [{ to: "d@example.com", reason: "daily-cap" }] },
    });
    expect(count("SELECT COUNT(*) AS n FROM automatic_mail")).toBe(2);
  });

  it("subscriptions in one batch keep their own consent, and the same address twice is a duplicate", async () => {
    const [first, second, duplicate] = await Promise.all([
      store.addSubscription({
        email: "one@example.com",
        consent: { page: "/about", noticeVersion: "2026-11-01" },
      }),
      store.addSubscription({
        email: "two@example.com",
        consent: { page: "/fr/contact", noticeVersion: "2026-11-02" },
      }),
      store.addSubscription({ email: "ONE@example.com" }),
    ]);
    expect(first).toMatchObject({ created: true });
    expect(second).toMatchObject({ created: true });
    expect(duplicate).toEqual({ created: false, reason: "duplicate" });
    expect((await store.getSubscriptionByEmail("one@example.com"))?.consent).toMatchObject({
      page: "/about",
      noticeVersion: "2026-11-01",
    });
    expect((await store.getSubscriptionByEmail("two@example.com"))?.consent).toMatchObject({
      page: "/fr/contact",
      noticeVersion: "2026-11-02",
    });
  });
});

describe("SQLite group commit: a commit that fails", () => {
  let dir: string;
  let db: Database.Database;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-api-group-"));
    db = new Database(join(dir, "batch.db"));
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    db.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
             CREATE TABLE child (id INTEGER PRIMARY KEY,
               parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)`);
  });
  afterEach(async () => {
    db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("fails every write of its batch with the commit's error and stores none; the next batch is written", async () => {
    const commits = createGroupCommit(db, join(dir, "batch.db"));
    const insertParent = db.prepare("INSERT INTO parent (id) VALUES (?)");
    const insertChild = db.prepare("INSERT INTO child (id, parent) VALUES (?, ?)");
    // The orphan passes its own savepoint (the key is checked at COMMIT), so the COMMIT itself fails.
    const batch = await Promise.allSettled([
      commits.write(() => insertParent.run(1)),
      commits.write(() => insertChild.run(1, 99)),
      commits.write(() => insertParent.run(2)),
    ]);
    expect(batch.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected"]);
    for (const result of batch)
      expect(result.status === "rejected" && String(result.reason)).toMatch(/FOREIGN KEY/);
    expect(db.inTransaction).toBe(false);
    expect(db.prepare("SELECT COUNT(*) AS n FROM parent").get()).toEqual({ n: 0 });

    await commits.write(() => insertParent.run(3));
    expect(db.prepare("SELECT id FROM parent").all()).toEqual([{ id: 3 }]);
    // Writes outside the group commit keep the connection's own setting.
    expect(db.pragma("synchronous", { simple: true })).toBe(2);
    await commits.close();
  });
});
