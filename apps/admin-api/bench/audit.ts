/**
 * `pnpm --filter @site/admin-api bench:audit`: the office's audit log on SQLite with 100,000 entries
 * (years of a busy office). One request at a time, 200 each: p50 and p95 of the first page, each filter,
 * a search, a deep page after a cursor, beside a bare Express route answering the same way in the same
 * run. Budget (the brief's for every office list): p95 <= 50 ms. Not part of the test pass/fail.
 * AUDIT_BENCH_ENTRIES=10000 runs it at the brief's scale.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { createSqliteStore } from "../src/adapters/sqlite/sqlite-store.js";
import { startOfficeBench } from "./support/office-bench.js";

const entries = Number(process.env.AUDIT_BENCH_ENTRIES ?? 100_000);
const runs = 200;
const loadBefore = loadavg()[0] ?? 0;

const dir = await mkdtemp(join(tmpdir(), "audit-bench-"));
const file = join(dir, "site.db");
const store = createSqliteStore({ file });

const actions = [
  "session.started",
  "lead.updated",
  "lead.note-added",
  "lead.replied",
  "comment.approved",
  "mail.retried",
  "person.viewed",
  "subscribers.exported",
] as const;
const actors = ["owner@firm.example", "amina@firm.example", "baraka@firm.example", null];
// Spread over the last 400 days (the default retention), in one transaction on a connection of its own.
{
  const db = new Database(file);
  const insert = db.prepare(
    `INSERT INTO audit_log (id, at, actor, action, target, details) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < entries; i += 1) {
      // Oldest first, as the log is written: an entry's place in the table follows its time.
      const at = now - Math.floor(((entries - i) * (400 * 86_400_000)) / entries);
      const action = actions[(i * 7) % actions.length] as string;
      insert.run(
        randomUUID(),
        at,
        actors[i % actors.length] ?? null,
        action,
        `target-${i % 5000}`,
        JSON.stringify({ status: i % 3 === 0 ? "closed" : "in_progress", note: `n${i}` }),
      );
    }
  })();
  db.close();
}

const bench = await startOfficeBench(store, runs);
const first = JSON.parse((await bench.fetchJson("/api/office/audit")).body) as {
  nextCursor: string;
};
let deep = first.nextCursor;
for (let page = 0; page < 20; page += 1) {
  const next = JSON.parse((await bench.fetchJson(`/api/office/audit?cursor=${deep}`)).body) as {
    nextCursor: string;
  };
  deep = next.nextCursor;
}
const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const cases: [string, string][] = [
  ["bare Express (reference)", "/bare"],
  ["first page", "/api/office/audit"],
  ["actor=amina", "/api/office/audit?actor=amina%40firm.example"],
  ["actor=system", "/api/office/audit?actor=system"],
  ["action=mail.retried", "/api/office/audit?action=mail.retried"],
  ["target=target-42", "/api/office/audit?target=target-42"],
  ["last 30 days", `/api/office/audit?from=${day(30)}`],
  [
    "actor+action+days",
    `/api/office/audit?actor=amina%40firm.example&action=lead.updated&from=${day(90)}`,
  ],
  ["page 22 (cursor)", `/api/office/audit?cursor=${deep}`],
  ["search q=closed", "/api/office/audit?q=closed"],
  ["search q=n4242 (rare)", "/api/office/audit?q=n4242"],
];
console.log(
  `Office audit log, ${entries} entries on SQLite, ${runs} requests each, one at a time (load before: ${loadBefore.toFixed(2)})`,
);
// Budget: 50 ms at p95 for every case but the reference.
await bench.printCases(
  cases.map(([name, path]) => [name, path, path === "/bare" ? 0 : 50] as const),
);
console.log(`load after: ${(loadavg()[0] ?? 0).toFixed(2)}`);
bench.close();
await store.close();
await rm(dir, { recursive: true, force: true });
