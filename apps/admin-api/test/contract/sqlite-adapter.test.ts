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

  it("an in-memory database works for quick experiments", async () => {
    const store = createSqliteStore({ file: ":memory:" });
    expect((await store.addSubscription({ email: "m@example.com" })).created).toBe(true);
    await store.close();
  });
});
