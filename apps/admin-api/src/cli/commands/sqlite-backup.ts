// What `site-sqlite-backup` does (src/cli/sqlite-backup.ts runs it as a process; its comment says how to use it).
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { ensurePrivateFile, privateDirectoryMode } from "../../adapters/private-files.js";
import type { OperatorCommand } from "../bootstrap.js";

export const sqliteBackupCommand: OperatorCommand = {
  name: "sqlite-backup",
  usage: "usage: site-sqlite-backup DESTINATION_FILE",
  accepts: ([target]) => target !== undefined && !target.startsWith("-"),
  async run([target = ""], { config }) {
    if (config.store.kind !== "sqlite")
      throw new Error(
        "STORE is not sqlite: back Firestore up with its managed backups (docs/operations.md)",
      );
    const source = config.store.file;
    if (!existsSync(source)) throw new Error(`no database at ${source}`);
    const destination = resolve(target);
    if (existsSync(destination)) throw new Error(`${destination} exists; choose a new file name`);
    // A missing folder is made the service's own; the copy is 0600 from its first byte (VACUUM INTO
    // fills an empty file it finds rather than creating one with the process's umask).
    mkdirSync(dirname(destination), { recursive: true, mode: privateDirectoryMode });
    ensurePrivateFile(destination);

    const db = new Database(source, { fileMustExist: true });
    try {
      db.pragma("busy_timeout = 5000");
      db.prepare("VACUUM INTO ?").run(destination);
    } catch (error) {
      rmSync(destination, { force: true });
      throw error;
    } finally {
      db.close();
    }
    const copy = new Database(destination, { readonly: true, fileMustExist: true });
    try {
      const check = copy.pragma("integrity_check", { simple: true });
      if (check !== "ok") throw new Error(`the copy failed its integrity check: ${String(check)}`);
      const tables = copy
        .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .pluck()
        .all();
      const counts = tables.map(
        (table) =>
          `${table} ${String(copy.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get())}`,
      );
      process.stdout.write(`${destination}\n`);
      process.stderr.write(`backed up ${source}: ${counts.join(", ")}; integrity ok\n`);
    } finally {
      copy.close();
    }
    return 0;
  },
};
