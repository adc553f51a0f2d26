import { chmodSync, mkdirSync, statSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readOrCreateDataKeySecret } from "../../src/adapters/data-key-file.js";
import { createEmlFileTransport } from "../../src/adapters/mail/eml-file-transport.js";
import { createSqliteStore } from "../../src/adapters/sqlite/sqlite-store.js";
import { acknowledgementMail } from "../../src/mail/templates.js";
import { operator } from "../helpers/process.js";

/** The permission bits of a file or folder, as `ls -l` shows them in octal. */
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe("personal data on disk is the service's alone (folders 0700, files 0600)", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-api-modes-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("a new SQLite database: its folder, file, WAL and shared-memory file", async () => {
    const file = join(dir, "var", "data", "site.db");
    const store = createSqliteStore({ file });
    try {
      expect(modeOf(join(dir, "var"))).toBe("700");
      expect(modeOf(join(dir, "var", "data"))).toBe("700");
      for (const path of [file, `${file}-wal`, `${file}-shm`])
        expect(modeOf(path), path).toBe("600");
    } finally {
      await store.close();
    }
  });

  it("a database an older version left readable by others is closed to them on the next open", async () => {
    const data = join(dir, "data");
    mkdirSync(data, { mode: 0o755 });
    chmodSync(data, 0o755);
    const file = join(data, "site.db");
    const old = new Database(file);
    old.pragma("journal_mode = WAL");
    old.exec("CREATE TABLE t (x)");
    for (const path of [file, `${file}-wal`, `${file}-shm`]) chmodSync(path, 0o644);
    const store = createSqliteStore({ file });
    try {
      expect(modeOf(data)).toBe("700");
      for (const path of [file, `${file}-wal`, `${file}-shm`])
        expect(modeOf(path), path).toBe("600");
    } finally {
      await store.close();
      old.close();
    }
  });

  it("the .eml mails, which hold working unsubscribe and moderation links", async () => {
    const mailDir = join(dir, "mail");
    const transport = createEmlFileTransport({ dir: mailDir, from: "no-reply@firm.test" });
    await transport.send({
      ...acknowledgementMail(
        { to: "amina@example.com", name: "Amina", subject: "S", description: "D" },
        { contactInbox: "inbox@firm.test", siteUrl: "https://site.firm.test" },
      ),
      mailId: "11111111-2222-4333-8444-555555555555",
    });
    await transport.close();
    expect(modeOf(mailDir)).toBe("700");
    const [name] = await readdir(mailDir);
    expect(modeOf(join(mailDir, name as string))).toBe("600");
  });

  it("the generated data key and its folder", () => {
    const file = join(dir, "keys", "data-key");
    readOrCreateDataKeySecret(file);
    expect(modeOf(join(dir, "keys"))).toBe("700");
    expect(modeOf(file)).toBe("600");
  });

  it("a backup made by site-sqlite-backup, and the folder it makes for it", async () => {
    const data = join(dir, "data");
    await createSqliteStore({ file: join(data, "site.db") }).close();
    const target = join(dir, "backups", "nightly", "site-1.db");
    const made = operator("sqlite-backup", [target], { DATA_DIR: data, MAIL_DIR: join(dir, "m") });
    expect(made.stderr).toMatch(/integrity ok/);
    expect(made.status).toBe(0);
    expect(modeOf(target)).toBe("600");
    expect(modeOf(join(dir, "backups"))).toBe("700");
    expect(modeOf(join(dir, "backups", "nightly"))).toBe("700");
  });
});
