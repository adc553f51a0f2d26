import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startCheckpointer } from "../../src/adapters/sqlite/checkpointer.js";

/** The checkpoint thread on its own (the store's use of it is in sqlite-adapter.test.ts). */
describe("SQLite checkpoint thread", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-api-checkpointer-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("copies what another connection wrote to the WAL into the database file, on request", async () => {
    const file = join(dir, "site.db");
    const db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.pragma("wal_autocheckpoint = 0");
    db.exec("CREATE TABLE t (n INTEGER)");
    const insert = db.prepare("INSERT INTO t (n) VALUES (?)");
    for (let n = 0; n < 20; n += 1) insert.run(n);
    const failures: string[] = [];
    const checkpointer = startCheckpointer({
      file,
      intervalMs: 60_000,
      onFailure: (reason) => failures.push(reason),
    });
    try {
      const result = await checkpointer.checkpoint();
      expect(result.busy).toBe(0);
      expect(result.log).toBeGreaterThan(0);
      expect(result.checkpointed).toBe(result.log);
    } finally {
      await checkpointer.stop();
      db.close();
    }
    expect(failures).toEqual([]);
    await expect(checkpointer.checkpoint()).rejects.toThrow("The checkpoint thread has stopped.");
  });

  it("a thread that cannot open its file reports why, and a pending checkpoint fails instead of hanging", async () => {
    const failures: string[] = [];
    const checkpointer = startCheckpointer({
      file: join(dir, "missing.db"),
      intervalMs: 60_000,
      onFailure: (reason) => failures.push(reason),
    });
    await expect(checkpointer.checkpoint()).rejects.toThrow("The checkpoint thread has stopped.");
    await checkpointer.stop();
    expect(failures.join("\n")).toMatch(/unable to open database file/);
  });
});
