/**
 * `pnpm --filter @site/admin-api bench:office`: the office's leads inbox on SQLite with 10,000 leads.
 * One request at a time (a person at the office, not a crowd), 200 each: p50 and p95 of the list, of
 * each filter, of a search and of the CSV export's first page, beside a bare Express route answering
 * the same way in the same run. Then the search itself at the database: LIKE over the four fields (what
 * leads/sqlite.ts runs) against an FTS5 table of the same leads. Budgets (the brief): list and each filter
 * p95 <= 50 ms, search p95 <= 100 ms. Not part of the test pass/fail.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { createSqliteStore } from "../src/adapters/sqlite/sqlite-store.js";
import { percentile, startOfficeBench } from "./support/office-bench.js";

const leads = 10_000;
const runs = 200;
const staff = ["owner@firm.example", "amina@firm.example", "baraka@firm.example"];
const loadBefore = loadavg()[0] ?? 0;

const dir = await mkdtemp(join(tmpdir(), "office-bench-"));
const file = join(dir, "site.db");
const store = createSqliteStore({ file });

// 10,000 leads over the last 180 days, in one transaction on a connection of its own (the API's own
// writes would cost an fsync each): varied status, owner, language and words.
{
  const db = new Database(file);
  const words = [
    "bank",
    "strategy",
    "insurance",
    "board",
    "review",
    "tourism",
    "payments",
    "SACCO",
    "plan",
    "audit",
  ];
  const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
  const insert = db.prepare(
    `INSERT INTO contacts (id, name, email, email_key, phone, subject, description, status, created_at, updated_at,
                           consent_page, consent_notice_version, locale, owner, close_reason, first_answered_at)
     VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, '/contact', NULL, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < leads; i += 1) {
      const created = now - Math.floor((((i * 7919) % leads) * (180 * 86_400_000)) / leads);
      const status = pick(["new", "in_progress", "closed"] as const, i * 7);
      const email = `person${i}@${pick(["centralbank", "ngo", "insure", "hotel"], i * 3)}.example`;
      insert.run(
        randomUUID(),
        `Person ${i} ${pick(words, i * 11)}`,
        email,
        email,
        `${pick(words, i)} ${pick(words, i * 5)} inquiry ${i}`,
        `We would like to discuss ${pick(words, i * 13)} and ${pick(words, i * 17)} for our organisation. `.repeat(
          4,
        ),
        status,
        created,
        created,
        pick(["en", "en", "fr", "sw"], i),
        i % 4 === 0 ? null : pick(staff, i),
        status === "closed" ? "won" : null,
        status === "new" ? null : created + ((i * 37) % 72) * 3_600_000,
      );
    }
  })();
  db.close();
}

const bench = await startOfficeBench(store, runs);

const cases: [string, string, number][] = [
  ["bare Express (reference)", "/bare", 0],
  ["list, first page", "/api/office/leads", 50],
  ["status=new", "/api/office/leads?status=new", 50],
  ["owner=me", "/api/office/leads?owner=me", 50],
  ["owner=none", "/api/office/leads?owner=none", 50],
  ["locale=sw", "/api/office/leads?locale=sw", 50],
  [
    "last 30 days",
    `/api/office/leads?from=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`,
    50,
  ],
  ["status+owner+locale", "/api/office/leads?status=closed&owner=me&locale=en", 50],
  ["search q=centralbank", "/api/office/leads?q=centralbank", 100],
  ["search q=tourism%20audit", "/api/office/leads?q=tourism%20audit", 100],
  ["search, no match", "/api/office/leads?q=zanzibar", 100],
];
console.log(
  `Office inbox, ${leads} leads on SQLite, ${runs} requests each, one at a time (load before: ${loadBefore.toFixed(2)})`,
);
await bench.printCases(cases);

// The search at the database: LIKE (the adapter's) against FTS5 over the same rows.
{
  const db = new Database(file);
  db.exec(`CREATE VIRTUAL TABLE bench_fts USING fts5(name, email, subject, description, content='contacts');
           INSERT INTO bench_fts(rowid, name, email, subject, description)
             SELECT rowid, name, email, subject, description FROM contacts;`);
  const like = db.prepare(
    `SELECT * FROM contacts WHERE (name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\' OR subject LIKE ? ESCAPE '\\' OR description LIKE ? ESCAPE '\\')
     ORDER BY created_at DESC, id DESC LIMIT 21`,
  );
  const fts = db.prepare(
    `SELECT c.* FROM contacts c JOIN bench_fts f ON f.rowid = c.rowid WHERE bench_fts MATCH ?
     ORDER BY c.created_at DESC, c.id DESC LIMIT 21`,
  );
  const timeQuery = (run: () => unknown) => {
    const samples: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const start = process.hrtime.bigint();
      run();
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    samples.sort((a, b) => a - b);
    return `p50 ${percentile(samples, 50).toFixed(2)} ms, p95 ${percentile(samples, 95).toFixed(2)} ms`;
  };
  console.log("\nSearch at the database (first page of 20):");
  for (const word of ["tourism", "zanzibar"]) {
    const pattern = `%${word}%`;
    console.log(
      `  LIKE  '${word}': ${timeQuery(() => like.all(pattern, pattern, pattern, pattern))}`,
    );
    console.log(`  FTS5  '${word}': ${timeQuery(() => fts.all(word))}`);
  }
  console.log(
    `  LIKE finds part of an address ('centralbank' in person1@centralbank.example): ${like.all("%centralbank%", "%centralbank%", "%centralbank%", "%centralbank%").length > 0}`,
  );
  console.log(`  FTS5 finds it by the same word: ${fts.all("centralbank").length > 0}`);
  db.close();
}

bench.close();
await store.close();
await rm(dir, { recursive: true, force: true });
