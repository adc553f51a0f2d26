/**
 * `pnpm --filter @site/admin-api bench:outbox`: the office's mail outbox on SQLite with 10,000 mails.
 * One request at a time, 200 each: p50 and p95 of the list, each filter, a second page and one mail,
 * beside a bare Express route answering the same way in the same run. Then what the outbox's two
 * indexes (mail_created, mail_state_created) cost and buy: the same queries at the database without
 * them, and 10,000 inserts into the mail table with and without them. Budget (the brief): list and each
 * filter p95 <= 50 ms. Not part of the test pass/fail.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { createSqliteStore } from "../src/adapters/sqlite/sqlite-store.js";
import { startOfficeBench } from "./support/office-bench.js";

const mails = 10_000;
const runs = 200;
const loadBefore = loadavg()[0] ?? 0;

const dir = await mkdtemp(join(tmpdir(), "outbox-bench-"));
const file = join(dir, "site.db");
const store = createSqliteStore({ file });

const kinds = [
  "contact-acknowledgement",
  "contact-notification",
  "newsletter-welcome",
  "comment-notification",
  "lead-reply",
] as const;
/** Mostly sent, a few queued, failed and held, as a small firm's outbox over two months. */
const states = [
  ...Array<string>(40).fill("SUCCESS"),
  "PENDING",
  "PENDING",
  "ERROR",
  "HELD",
] as const;
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
const insertSql = `INSERT INTO mail (id, kind, to_address, to_key, subject, text_body, html_body, state, attempts,
                       next_attempt_at, start_time, end_time, error, created_at, headers)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
/** The bench's 10,000 mails over the last 60 days, in one transaction on `db`. */
function fill(db: Database.Database, count: number): void {
  const insert = db.prepare(insertSql);
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const created = now - Math.floor((((i * 7919) % count) * (60 * 86_400_000)) / count);
      const state = pick(states, i * 7);
      const to = `person${i}@${pick(["centralbank", "ngo", "insure", "hotel"], i * 3)}.example`;
      const locale = pick(["en", "en", "fr", "sw"], i);
      insert.run(
        randomUUID(),
        pick(kinds, i * 11),
        to,
        to,
        `Mail ${i}`,
        "Hello. ".repeat(60),
        `<p>${"Hello. ".repeat(60)}</p>`,
        state,
        state === "ERROR" ? 3 : state === "PENDING" || state === "HELD" ? 0 : 1,
        created,
        state === "HELD" ? null : created,
        state === "PENDING" ? null : created + 2_000,
        state === "ERROR" ? "550 5.1.1 No such user" : state === "HELD" ? "daily-cap" : null,
        created,
        locale === "en" ? null : JSON.stringify({ "Content-Language": locale }),
      );
    }
  })();
}
{
  const db = new Database(file);
  fill(db, mails);
  db.close();
}

const bench = await startOfficeBench(store, runs);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
function summary(samples: number[]): { p50: number; p95: number } {
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const firstPage = JSON.parse((await bench.fetchJson("/api/office/outbox")).body) as {
  items: { id: string }[];
  nextCursor: string;
};
const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const cases: [string, string, number][] = [
  ["bare Express (reference)", "/bare", 0],
  ["list, first page", "/api/office/outbox", 50],
  ["list, second page", `/api/office/outbox?cursor=${firstPage.nextCursor}`, 50],
  ["state=failed", "/api/office/outbox?state=failed", 50],
  ["state=held", "/api/office/outbox?state=held", 50],
  ["state=queued", "/api/office/outbox?state=queued", 50],
  ["kind=lead-reply", "/api/office/outbox?kind=lead-reply", 50],
  ["locale=sw", "/api/office/outbox?locale=sw", 50],
  ["recipient=person4242@", "/api/office/outbox?recipient=person4242%40", 50],
  ["recipient=person1 (1,111)", "/api/office/outbox?recipient=person1", 50],
  ["recipient, no match", "/api/office/outbox?recipient=zanzibar", 50],
  ["last 7 days", `/api/office/outbox?from=${day(7)}`, 50],
  ["failed+kind+locale", "/api/office/outbox?state=failed&kind=lead-reply&locale=fr", 50],
  ["a day, failed", `/api/office/outbox?state=failed&from=${day(30)}&to=${day(30)}`, 50],
  ["one mail", `/api/office/outbox/${firstPage.items[0]?.id ?? ""}`, 50],
];
console.log(
  `Office outbox, ${mails} mails on SQLite, ${runs} requests each, one at a time (load before: ${loadBefore.toFixed(2)})`,
);
await bench.printCases(cases);

// What the two indexes buy: the list's queries at the database, with and without them.
{
  const db = new Database(file);
  const queries: [string, string, unknown[]][] = [
    ["newest 51", "SELECT * FROM mail ORDER BY created_at DESC, id DESC LIMIT 51", []],
    [
      "failed, newest 51",
      "SELECT * FROM mail WHERE state = ? ORDER BY created_at DESC, id DESC LIMIT 51",
      ["ERROR"],
    ],
    [
      "last 7 days, newest 51",
      "SELECT * FROM mail WHERE created_at >= ? ORDER BY created_at DESC, id DESC LIMIT 51",
      [Date.now() - 7 * 86_400_000],
    ],
  ];
  const timeQueries = () =>
    queries.map(([name, sql, params]) => {
      const statement = db.prepare(sql);
      const samples: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const start = process.hrtime.bigint();
        statement.all(...params);
        samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      const { p50, p95 } = summary(samples);
      return `  ${name.padEnd(24)} p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`;
    });
  console.log("\nAt the database, with the outbox's indexes:");
  for (const line of timeQueries()) console.log(line);
  db.exec("DROP INDEX mail_created; DROP INDEX mail_state_created;");
  console.log("Without them (what each filter would cost unindexed):");
  for (const line of timeQueries()) console.log(line);
  db.close();
}

// What they cost: the size of each, and 10,000 inserts (one transaction each, as the API writes a
// mail with its contact) into a fresh mail table without, then with each index.
{
  const costDir = await mkdtemp(join(tmpdir(), "outbox-index-cost-"));
  const insertTimes = (extra: string): { perInsertUs: number; pages: number } => {
    const db = new Database(join(costDir, `${randomUUID()}.db`));
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    const schema = new Database(file, { readonly: true })
      .prepare<[], { sql: string }>(
        "SELECT sql FROM sqlite_master WHERE tbl_name = 'mail' AND sql IS NOT NULL AND name NOT IN ('mail_created', 'mail_state_created')",
      )
      .all();
    for (const { sql } of schema)
      if (!sql.includes("REFERENCES")) db.exec(sql);
      else db.exec(sql.replace(/REFERENCES \w+ \(\w+\)/g, ""));
    if (extra) db.exec(extra);
    const insert = db.prepare(insertSql);
    const one = db.transaction((i: number) => {
      const to = `person${i}@example.com`;
      const now = Date.now();
      insert.run(
        randomUUID(),
        "contact-acknowledgement",
        to,
        to,
        "s",
        "t",
        "<p>t</p>",
        "PENDING",
        0,
        now,
        null,
        null,
        null,
        now,
        null,
      );
    });
    const start = process.hrtime.bigint();
    for (let i = 0; i < mails; i += 1) one(i);
    const perInsertUs = Number(process.hrtime.bigint() - start) / 1e3 / mails;
    const pages = db.pragma("page_count", { simple: true }) as number;
    db.close();
    return { perInsertUs, pages };
  };
  const without = insertTimes("");
  const created = insertTimes("CREATE INDEX mail_created ON mail (created_at, id);");
  const both = insertTimes(
    "CREATE INDEX mail_created ON mail (created_at, id); CREATE INDEX mail_state_created ON mail (state, created_at, id);",
  );
  console.log(
    `\n${mails} inserts into the mail table, one transaction each (µs per insert, pages of 4 kB):`,
  );
  console.log(
    `  without the outbox's indexes   ${without.perInsertUs.toFixed(1)} µs, ${without.pages} pages`,
  );
  console.log(
    `  + mail_created                 ${created.perInsertUs.toFixed(1)} µs, ${created.pages} pages (+${created.pages - without.pages})`,
  );
  console.log(
    `  + mail_state_created           ${both.perInsertUs.toFixed(1)} µs, ${both.pages} pages (+${both.pages - created.pages})`,
  );
  await rm(costDir, { recursive: true, force: true });
}

bench.close();
await store.close();
await rm(dir, { recursive: true, force: true });
