import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startMain } from "../helpers/process.js";

// A real API process (tsx compiles on the fly) under 50 concurrent posts: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const connections = 50;
/** The kill comes with this 201: by then the group commit has written several batches. */
const killAtAnswer = 120;

/**
 * The group commit under SIGKILL (adapters/sqlite/group-commit.ts). Fifty clients post contacts back to
 * back, so batches are always being written or flushed; the process is killed the moment the 120th 201
 * arrives, with the other 49 requests in flight. On the file afterwards: every contact that was answered
 * 201 is stored, and no batch is half there: every contact has its two mails, every mail its contact.
 */
describe("the API process killed (SIGKILL) in the middle of a batch", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-api-kill-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("leaves every answered contact stored with both its mails, and no half batch", async () => {
    const dataDir = join(dir, "data");
    const app = startMain({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      MAIL_DIR: join(dir, "mail"),
      SITE_DIR: join(dir, "no-site"),
      RATE_LIMIT_MAX: "1000000",
      MAIL_AUTOMATIC_DAILY_CAP: "1000000",
      // The worker sends only when woken; its bookkeeping is not what this test looks at.
      MAIL_POLL_INTERVAL_MS: "3600000",
    });
    const answered: string[] = [];
    let cut = 0;
    let killed = false;
    try {
      const port = await app.listening;
      const exited = once(app.child, "exit");
      const client = async (index: number) => {
        for (let n = 0; !killed; n += 1) {
          try {
            const res = await fetch(`http://127.0.0.1:${port}/api/contacts`, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({
                name: "Kill Test",
                email: `kill-${index}-${n}@example.com`,
                subject: "Group commit",
                description: "Posted while the process is killed.",
              }),
            });
            const body = (await res.json()) as { id?: string };
            if (res.status !== 201 || !body.id) throw new Error(`answered ${res.status}`);
            answered.push(body.id);
            if (answered.length === killAtAnswer && !killed) {
              killed = true;
              app.child.kill("SIGKILL");
            }
          } catch (error) {
            if (!killed) throw error;
            cut += 1;
          }
        }
      };
      await Promise.all(Array.from({ length: connections }, (_, index) => client(index)));
      const [, signal] = await exited;
      expect(signal).toBe("SIGKILL");
    } finally {
      if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill("SIGKILL");
    }
    // The kill cut requests in flight: the test did hit the middle of the stream of batches.
    expect(cut).toBeGreaterThan(0);

    // Opening the file replays its WAL, as the next process would.
    const db = new Database(join(dataDir, "site.db"), { fileMustExist: true });
    try {
      const stored = new Set(
        (db.prepare("SELECT id FROM contacts").all() as { id: string }[]).map((row) => row.id),
      );
      expect(answered.filter((id) => !stored.has(id))).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(answered.length);
      const halves = db
        .prepare(
          `SELECT c.id, (SELECT COUNT(*) FROM mail m WHERE m.contact_id = c.id) AS mails
           FROM contacts c WHERE mails <> 2`,
        )
        .all();
      expect(halves).toEqual([]);
      expect(
        db
          .prepare(
            "SELECT COUNT(*) AS n FROM mail WHERE contact_id NOT IN (SELECT id FROM contacts)",
          )
          .get(),
      ).toEqual({ n: 0 });
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      db.close();
    }
  });
});
