import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll } from "vitest";
import { createSqliteStore, type SqliteStore } from "../../src/adapters/sqlite/sqlite-store.js";
import { describeStoreContract } from "./store-contract.js";

/**
 * One store for the contract's tests, as the API runs it (one file, its connection and its checkpointing
 * thread), emptied after each test: opening a store costs about 140 ms, mostly starting that thread, and
 * opening one per test was most of this file's time. Each test still starts on an empty, migrated file.
 * A test that closes the store (the health check's) leaves the next one a new store.
 */
let shared: { dir: string; file: string; store: SqliteStore } | undefined;

/** Deletes every row of every table (the schema and its version stay), over a connection of its own. */
function emptyTables(file: string) {
  const db = new Database(file);
  try {
    db.pragma("busy_timeout = 5000");
    db.pragma("foreign_keys = OFF");
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
      )
      .pluck()
      .all() as string[];
    db.transaction(() => {
      for (const table of tables) db.prepare(`DELETE FROM "${table}"`).run();
    })();
  } finally {
    db.close();
  }
}

async function closeShared() {
  if (!shared) return;
  const { dir, store } = shared;
  shared = undefined;
  await store.close();
  await rm(dir, { recursive: true, force: true });
}

afterAll(closeShared);

describeStoreContract("SQLite", async () => {
  if (!shared) {
    const dir = await mkdtemp(join(tmpdir(), "admin-api-sqlite-"));
    const file = join(dir, "site.db");
    shared = { dir, file, store: createSqliteStore({ file }) };
  }
  const { file, store } = shared;
  const siblings: SqliteStore[] = [];
  return {
    store,
    // Another connection to the same file, as a second API process would open.
    sibling: async () => {
      const other = createSqliteStore({ file });
      siblings.push(other);
      return other;
    },
    async cleanup() {
      for (const other of siblings) await other.close();
      const open = await store.ping().then(
        () => true,
        () => false,
      );
      if (open) emptyTables(file);
      else await closeShared();
    },
  };
});
