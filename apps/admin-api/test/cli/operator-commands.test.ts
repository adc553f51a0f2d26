import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../../src/adapters/sqlite/sqlite-store.js";
import { operator, operatorHere } from "../helpers/process.js";

// The commands run in the test's process (operatorHere: what their own process runs before it exits),
// except where a test's name says "as a process": there src/cli/<name>.ts runs as the image runs it.

describe("operator commands (src/cli)", () => {
  let dir: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-api-cli-"));
    env = { DATA_DIR: join(dir, "data"), MAIL_DIR: join(dir, "mail") };
    // A migrated database, as the API leaves it.
    await createSqliteStore({ file: join(dir, "data", "site.db") }).close();
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("outbox: a wrong or missing subcommand prints the usage and exits 2, opening nothing", async () => {
    for (const args of [[], ["retry"]]) {
      const result = await operatorHere("outbox", args, { DATA_DIR: join(dir, "elsewhere") });
      expect(result.status, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(/^usage: site-outbox stats/);
    }
    expect(existsSync(join(dir, "elsewhere"))).toBe(false);
  });

  it("outbox: stats (as a process) and list read the API's store from the same configuration", async () => {
    const stats = operator("outbox", ["stats"], env);
    expect(stats.status).toBe(0);
    expect(JSON.parse(stats.stdout)).toEqual({ pending: 0, failed: 0, oldestPendingAgeMs: null });
    const list = await operatorHere("outbox", ["list", "--state", "ERROR"], env);
    expect(list.status).toBe(0);
    expect(list.stdout).toBe("");
    expect(list.stderr).toBe("0 mail(s)\n");
  });

  it("outbox: a bad state or an unknown id fails with one line naming the problem", async () => {
    const state = await operatorHere("outbox", ["list", "--state", "LOST"], env);
    expect(state.status).toBe(1);
    expect(state.stderr).toBe(
      "outbox: --state must be one of PENDING, PROCESSING, SUCCESS, ERROR\n",
    );
    const unknown = await operatorHere("outbox", ["retry", "no-such-mail"], env);
    expect(unknown.status).toBe(1);
    expect(unknown.stdout).toBe("no-such-mail  not retried (unknown, or not in state ERROR)\n");
  });

  it("a bad variable is named, with exit code 1, as the API names it", async () => {
    const result = await operatorHere("outbox", ["stats"], { ...env, STORE: "postgres" });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Invalid configuration:\n {2}STORE: /);
  });

  it("sqlite-backup: copies the database to a new file (as a process), checks it, and never overwrites", async () => {
    const target = join(dir, "backups", "site-1.db");
    const made = operator("sqlite-backup", [target], env);
    expect(made.status).toBe(0);
    expect(made.stdout).toBe(`${target}\n`);
    expect(made.stderr).toMatch(/subscriptions 0.*; integrity ok\n$/);
    const copy = new Database(target, { readonly: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      copy.close();
    }
    const again = await operatorHere("sqlite-backup", [target], env);
    expect(again.status).toBe(1);
    expect(again.stderr).toBe(`sqlite-backup: ${target} exists; choose a new file name\n`);
  });

  it("sqlite-backup: refuses without a destination (usage, 2), without a database, or on Firestore", async () => {
    expect((await operatorHere("sqlite-backup", [], env)).status).toBe(2);
    const none = await operatorHere("sqlite-backup", [join(dir, "x.db")], {
      DATA_DIR: join(dir, "empty"),
    });
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/^sqlite-backup: no database at /);
    const firestore = await operatorHere("sqlite-backup", [join(dir, "y.db")], {
      ...env,
      STORE: "firestore",
      FIRESTORE_PROJECT_ID: "demo-cli",
      FIRESTORE_EMULATOR_HOST: "127.0.0.1:9",
    });
    expect(firestore.status).toBe(1);
    expect(firestore.stderr).toMatch(/^sqlite-backup: STORE is not sqlite/);
  });
});
