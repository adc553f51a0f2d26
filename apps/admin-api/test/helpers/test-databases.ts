import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { createSqliteStore, type SqliteStore } from "../../src/adapters/sqlite/sqlite-store.js";

/** A migrated SQLite store in a temporary folder of its own. */
export interface TestDatabase {
  dir: string;
  dbFile: string;
  store: SqliteStore;
}

/**
 * Stores the test file's finished tests left, emptied, for its next test apps. Opening a store costs
 * about 150 ms of CPU, nearly all of it starting its checkpointing thread (migrating a new file is
 * about 10 ms), and the API tests build a few hundred apps; a store handed on after being emptied is
 * as a new one to the next test: the same schema, no rows. test/helpers/setup.ts closes them after
 * each test file, so no file sees another's store.
 */
const emptiedDatabases: TestDatabase[] = [];

export async function openTestDatabase(): Promise<TestDatabase> {
  const reused = emptiedDatabases.pop();
  if (reused) return reused;
  const dir = await mkdtemp(join(tmpdir(), "admin-api-test-"));
  const dbFile = join(dir, "site.db");
  return { dir, dbFile, store: createSqliteStore({ file: dbFile }) };
}

/**
 * Deletes every row of every table, over a connection of its own (the schema and its version stay): a
 * store's file as a new one to the next test (the SQLite store contract empties its one store so too).
 */
export function emptyTables(file: string) {
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

async function closeTestDatabase({ dir, store }: TestDatabase) {
  await store.close();
  await rm(dir, { recursive: true, force: true });
}

/**
 * Hands a test's database on to the file's next test app, emptied, if its store still works (a test
 * may have closed it, or broken its log on purpose); otherwise closes it and deletes its folder.
 */
export async function releaseTestDatabase(database: TestDatabase) {
  const works = await database.store.ping().then(
    () => true,
    () => false,
  );
  if (!works) return closeTestDatabase(database);
  emptyTables(database.dbFile);
  emptiedDatabases.push(database);
}

/** Closes the stores kept for the next tests (after each test file: test/helpers/setup.ts). */
export async function closeEmptiedDatabases() {
  for (const database of emptiedDatabases.splice(0)) await closeTestDatabase(database);
}
