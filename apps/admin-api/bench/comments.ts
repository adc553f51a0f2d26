/**
 * `pnpm --filter @site/admin-api bench:comments`: the office's comment queue on SQLite with 10,000
 * comments (a few hundred pending, the rest decided, over the blog's posts and three languages). One
 * request at a time, 200 each: p50 and p95 of the queue, each filter and a later page, beside a bare
 * Express route answering the same way in the same run. Budget (the brief): each list and filter p95
 * <= 50 ms. Not part of the test pass/fail.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { blogPosts } from "@site/shared/blog/posts";
import { createSqliteStore } from "../src/adapters/sqlite/sqlite-store.js";
import { startOfficeBench } from "./support/office-bench.js";

const comments = 10_000;
const runs = 200;
const loadBefore = loadavg()[0] ?? 0;

const dir = await mkdtemp(join(tmpdir(), "comments-bench-"));
const file = join(dir, "site.db");
const store = createSqliteStore({ file });

/** Mostly decided: 1 in 20 pending, as a queue a busy blog's firm keeps up with. */
const statuses = [
  ...Array<string>(12).fill("approved"),
  ...Array<string>(4).fill("rejected"),
  "spam",
  "spam",
  "hidden",
  "pending",
];
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
{
  const db = new Database(file);
  const insert = db.prepare(
    `INSERT INTO comments (id, post, name, email, email_key, text, status, created_at, updated_at,
                           moderated_at, moderated_by, locale)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < comments; i += 1) {
      const created = now - Math.floor((((i * 7919) % comments) * (180 * 86_400_000)) / comments);
      const status = pick(statuses, i * 7);
      const email = `reader${i}@example.com`;
      insert.run(
        randomUUID(),
        pick(blogPosts, i * 5).slug,
        `Reader ${i}`,
        email,
        email,
        "A thoughtful comment about the post. ".repeat(8),
        status,
        created,
        created,
        status === "pending" ? null : created + 3_600_000,
        status === "pending" ? null : pick(["link", "office:owner@firm.example"], i),
        pick(["en", "en", "fr", "sw"], i),
      );
    }
  })();
  db.close();
}

const bench = await startOfficeBench(store, runs);
const queue = "/api/office/comments";
const second = JSON.parse((await bench.fetchJson(`${queue}?status=published`)).body) as {
  nextCursor: string;
};
const post = blogPosts[1]?.slug ?? "";
const cases: [string, string, number][] = [
  ["bare Express (reference)", "/bare", 0],
  ["pending (the queue)", queue, 50],
  ["published, first page", `${queue}?status=published`, 50],
  ["published, second page", `${queue}?status=published&cursor=${second.nextCursor}`, 50],
  ["rejected", `${queue}?status=rejected`, 50],
  ["hidden", `${queue}?status=hidden`, 50],
  ["pending, one post", `${queue}?post=${post}`, 50],
  ["published, one post", `${queue}?status=published&post=${post}`, 50],
  ["published, locale=sw", `${queue}?status=published&locale=sw`, 50],
  ["published, post+locale=fr", `${queue}?status=published&post=${post}&locale=fr`, 50],
];
console.log(
  `Office comment queue, ${comments} comments on SQLite, ${runs} requests each, one at a time (load before: ${loadBefore.toFixed(2)})`,
);
await bench.printCases(cases);

bench.close();
await store.close();
await rm(dir, { recursive: true, force: true });
