import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { createSqliteStore, type SqliteStore } from "../../src/adapters/sqlite/sqlite-store.js";
import { emptyTables } from "../helpers/test-databases.js";
import { describeStoreContract } from "./store-contract.js";

/**
 * One store for the contract's tests, as the API runs it (one file, its connection and its checkpointing
 * thread), emptied after each test: opening a store costs about 140 ms, mostly starting that thread, and
 * opening one per test was most of this file's time. Each test still starts on an empty, migrated file.
 * A test that closes the store (the health check's) leaves the next one a new store.
 */
let shared: { dir: string; file: string; store: SqliteStore } | undefined;

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
