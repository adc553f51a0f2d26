/**
 * `pnpm --filter @site/admin-api bench:store`: what a contact costs the SQLite store alone, without HTTP.
 * Contacts with their two real mails (the acknowledgement limited as the service limits it) go through
 * the group commit in batches of 17 (what the API's `bench` sees at 50 connections), in a temporary
 * folder, after a warm-up; it prints the process's CPU time per contact (user and system: the commit's
 * writes, the WAL's fsync on libuv's pool, the checkpoint thread) and the wall time. Then the same on a
 * file whose mail table has the indexes as first shipped (every row in every index), as the reference
 * for the partial indexes of migrations.ts. Runs alternate, so a busier host weighs on both alike.
 * Not part of the test pass/fail.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { pino } from "pino";
import { createSqliteStore } from "../src/adapters/sqlite/sqlite-store.js";
import { createDataKey } from "../src/common/data-key.js";
import { createAutomaticMailLimiter } from "../src/mail/limits.js";
import { contactMails } from "../src/mail/templates.js";
import { systemClock } from "../src/ports/clock.js";

const batch = 17;
const warmUpBatches = 200;
const measuredBatches = 800;
const rounds = 3;
const identity = { contactInbox: "inbox@bench.test", siteUrl: "https://bench.test" };
const limiter = createAutomaticMailLimiter({
  dataKey: createDataKey(randomBytes(32).toString("hex")),
  limits: { perRecipientDaily: 100_000_000, automaticDailyCap: 100_000_000 },
  inbox: identity.contactInbox,
  clock: systemClock,
  logger: pino({ level: "silent" }),
});

/** The mail table's indexes before they were made partial (the reference). */
const fullIndexes = `
  DROP INDEX mail_contact; CREATE INDEX mail_contact ON mail (contact_id);
  DROP INDEX mail_subscription; CREATE INDEX mail_subscription ON mail (subscription_id);
  DROP INDEX mail_comment; CREATE INDEX mail_comment ON mail (comment_id);
  DROP INDEX mail_reply_to_key; CREATE INDEX mail_reply_to_key ON mail (reply_to_key);
  DROP INDEX mail_finished; CREATE INDEX mail_finished ON mail (state, end_time);`;

async function run(
  schema: "as migrated" | "every row indexed",
): Promise<{ cpu: number; wall: number }> {
  const dir = mkdtempSync(join(tmpdir(), "admin-api-store-bench-"));
  const file = join(dir, "site.db");
  try {
    if (schema === "every row indexed") {
      createSqliteStore({ file }).close();
      const db = new Database(file);
      db.exec(fullIndexes);
      db.close();
    }
    const store = createSqliteStore({ file });
    let sequence = 0;
    const contact = () => {
      sequence += 1;
      const details = {
        name: "Bench Mark",
        email: `contact-${sequence}@bench.test`,
        phone: "+254 700 000 000",
        subject: "Load test",
        description:
          "A contact submitted by the benchmark, long enough to look like a real message.",
        locale: "en" as const,
      };
      return store.addContactWithMails(details, (id) =>
        contactMails(details, id, identity).map((mail) =>
          mail.meta.kind === "contact-acknowledgement" ? limiter.limit(mail) : mail,
        ),
      );
    };
    const batches = async (count: number) => {
      for (let i = 0; i < count; i += 1) await Promise.all(Array.from({ length: batch }, contact));
    };
    await batches(warmUpBatches);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await batches(measuredBatches);
    const cpu = process.cpuUsage(cpuBefore);
    const contacts = measuredBatches * batch;
    const result = {
      cpu: (cpu.user + cpu.system) / contacts,
      wall: ((performance.now() - started) * 1000) / contacts,
    };
    await store.close();
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: Record<string, { cpu: number[]; wall: number[] }> = {};
for (let round = 0; round < rounds; round += 1)
  for (const schema of ["as migrated", "every row indexed"] as const) {
    const { cpu, wall } = await run(schema);
    (results[schema] ??= { cpu: [], wall: [] }).cpu.push(cpu);
    results[schema].wall.push(wall);
  }
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
console.log(
  `\n${measuredBatches * batch} contacts (two mails each) per run, batches of ${batch}, after ${warmUpBatches * batch}; medians of ${rounds} alternating runs\n`,
);
for (const [schema, { cpu, wall }] of Object.entries(results))
  console.log(
    `${schema.padEnd(20)} CPU ${median(cpu).toFixed(0)} µs/contact (${cpu.map((v) => v.toFixed(0)).join(", ")}), wall ${median(wall).toFixed(0)} µs/contact`,
  );
