/**
 * `pnpm --filter @site/admin-api bench:subscribers`: the office's subscribers and first screen on
 * SQLite with 10,000 subscriptions. One request at a time, 200 each: p50 and p95 of the list, each
 * filter, a search, a second page and the overview, beside a bare Express route answering the same way
 * in the same run; then the whole CSV export once. Then what the list's indexes buy: the first page,
 * one filter and the counts at the database with and without them. Budget (the brief): list and each
 * filter p95 <= 50 ms. Not part of the test pass/fail.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { createSqliteStore } from "../src/adapters/sqlite/sqlite-store.js";
import { startOfficeBench } from "./support/office-bench.js";

const subscriptions = 10_000;
const runs = 200;
const loadBefore = loadavg()[0] ?? 0;

const dir = await mkdtemp(join(tmpdir(), "subscribers-bench-"));
const file = join(dir, "site.db");
const store = createSqliteStore({ file });

// 10,000 subscriptions over the last 180 days, in one transaction on a connection of its own: mostly
// subscribed, some unsubscribed (a few by staff), a few awaiting confirmation; three languages.
{
  const db = new Database(file);
  const insert = db.prepare(
    `INSERT INTO subscriptions (id, email, status, created_at, updated_at, consent_at, consent_page,
                                consent_notice_version, unsubscribed_at, locale, confirmation_sent_at, unsubscribed_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, '2026-11', ?, ?, ?, ?)`,
  );
  const now = Date.now();
  const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
  db.transaction(() => {
    for (let i = 0; i < subscriptions; i += 1) {
      const created =
        now - Math.floor((((i * 7919) % subscriptions) * (180 * 86_400_000)) / subscriptions);
      const kind = i % 20;
      const left = kind < 3 ? created + ((i * 37) % 60) * 86_400_000 : null;
      const departed = left === null ? null : Math.min(left, now - 60_000);
      insert.run(
        randomUUID(),
        `reader${i}@${pick(["centralbank", "ngo", "insure", "hotel", "mail"], i * 3)}.example`,
        kind < 4 ? "unsubscribed" : "subscribed",
        created,
        departed ?? created,
        created,
        pick(["/", "/insights", "/fr/insights", "/sw"], i),
        kind === 3 ? now - 86_400_000 : departed,
        pick(["en", "en", "fr", "sw"], i),
        kind === 3 ? now - 86_400_000 : null,
        kind === 1 ? "owner@firm.example" : null,
      );
    }
  })();
  db.close();
}

const bench = await startOfficeBench(store, runs);
const since = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const first = JSON.parse((await bench.fetchJson("/api/office/subscribers")).body) as {
  nextCursor: string;
};

const cases: [string, string, number][] = [
  ["bare Express (reference)", "/bare", 0],
  ["list, first page", "/api/office/subscribers", 50],
  ["second page", `/api/office/subscribers?cursor=${first.nextCursor}`, 50],
  ["status=subscribed", "/api/office/subscribers?status=subscribed", 50],
  ["status=pending", "/api/office/subscribers?status=pending", 50],
  ["status=unsubscribed", "/api/office/subscribers?status=unsubscribed", 50],
  ["locale=sw", "/api/office/subscribers?locale=sw", 50],
  ["last 30 days", `/api/office/subscribers?from=${since(30)}`, 50],
  [
    "status+locale+days",
    `/api/office/subscribers?status=subscribed&locale=fr&from=${since(90)}`,
    50,
  ],
  ["search q=centralbank", "/api/office/subscribers?q=centralbank", 50],
  ["search, no match", "/api/office/subscribers?q=zanzibar", 50],
  ["overview (first screen)", "/api/office/overview", 50],
];
console.log(
  `Office subscribers, ${subscriptions} subscriptions on SQLite, ${runs} requests each, one at a time (load before: ${loadBefore.toFixed(2)})`,
);
await bench.printCases(cases);
const csv = await bench.fetchJson("/api/office/subscribers.csv");
console.log(
  `\nCSV export of all ${subscriptions}: ${csv.ms.toFixed(0)} ms, ${(csv.body.length / 1024).toFixed(0)} kB, ${csv.body.trim().split("\r\n").length - 1} rows`,
);

// What the indexes buy, at the database: the same queries with the list's indexes and without them.
{
  const db = new Database(file);
  const queries: [string, string, unknown[]][] = [
    ["first page", `SELECT * FROM subscriptions ORDER BY created_at DESC, id DESC LIMIT 51`, []],
    [
      "status=subscribed, locale=fr",
      `SELECT * FROM subscriptions WHERE status = 'subscribed' AND locale = 'fr'
       ORDER BY created_at DESC, id DESC LIMIT 51`,
      [],
    ],
    [
      "counts per state",
      `SELECT status, count(*), count(confirmation_sent_at) FROM subscriptions WHERE locale = ?
       GROUP BY status`,
      ["sw"],
    ],
  ];
  const timeQuery = (sql: string, params: unknown[]) => {
    const statement = db.prepare(sql);
    const samples: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const start = process.hrtime.bigint();
      statement.all(...params);
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    samples.sort((a, b) => a - b);
    return (samples[Math.floor(0.95 * samples.length)] ?? 0).toFixed(2);
  };
  const withIndexes = queries.map(([, sql, params]) => timeQuery(sql, params));
  db.exec(`DROP INDEX subscriptions_created; DROP INDEX subscriptions_status_created;
           DROP INDEX subscriptions_locale_created;`);
  const without = queries.map(([, sql, params]) => timeQuery(sql, params));
  console.log("\nAt the database, p95 ms with the list's indexes / without:");
  queries.forEach(([name], index) =>
    console.log(`  ${name.padEnd(32)} ${withIndexes[index]} / ${without[index]}`),
  );
  db.close();
}

bench.close();
await store.close();
await rm(dir, { recursive: true, force: true });
