#!/usr/bin/env node
// @ts-check
/**
 * A consistent copy of the SQLite database while the API keeps running:
 *
 *   node bin/sqlite-backup.mjs /app/var/backups/site-2026-11-21.db
 *
 * `VACUUM INTO` reads one snapshot inside a transaction, so the copy includes every committed write
 * (also those still in the -wal file) and nothing half-written; copying site.db with cp while the API
 * runs does not guarantee that. The copy is a single, compact file; it is then opened and checked with
 * `PRAGMA integrity_check`. The database is DATA_DIR/site.db, read from the same environment as the API
 * (its compiled config). In the image it sits at /app/bin/ beside /app/dist; in a clone it uses
 * apps/admin-api (build first).
 */
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const candidates = [new URL("../dist/", import.meta.url), new URL("../../../apps/admin-api/dist/", import.meta.url)];

async function main(argv) {
  const [target] = argv;
  if (!target || target.startsWith("-")) {
    process.stderr.write("usage: sqlite-backup.mjs DESTINATION_FILE\n");
    return 2;
  }
  const dist = candidates.find((url) => existsSync(fileURLToPath(new URL("config.js", url))));
  if (!dist) throw new Error("the API's build was not found; build it first");
  const { loadConfig } = await import(new URL("config.js", dist).href);
  const config = loadConfig(process.env);
  if (config.store.kind !== "sqlite") throw new Error("STORE is not sqlite: back Firestore up with its managed backups (docs/operations.md)");
  const source = config.store.file;
  if (!existsSync(source)) throw new Error(`no database at ${source}`);
  const destination = resolve(target);
  if (existsSync(destination)) throw new Error(`${destination} exists; choose a new file name`);
  mkdirSync(dirname(destination), { recursive: true });

  // better-sqlite3 as the API resolves it (its own node_modules), so the versions always match.
  const Database = createRequire(new URL("main.js", dist))("better-sqlite3");
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("VACUUM INTO ?").run(destination);
  } finally {
    db.close();
  }
  const copy = new Database(destination, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new Error(`the copy failed its integrity check: ${check}`);
    const tables = copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
    const counts = tables.map((table) => `${table} ${copy.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get()}`);
    process.stdout.write(`${destination}\n`);
    process.stderr.write(`backed up ${source}: ${counts.join(", ")}; integrity ok\n`);
  } finally {
    copy.close();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`sqlite-backup: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
