/**
 * `pnpm --filter @site/admin-api bench:drain`: how fast the outbox recovers after crashes, and whether it
 * sends every mail exactly once. Not part of the tests.
 *
 * The real process (`node dist/main.js`, or the build given with `--entry`) on a real SQLite file, and a
 * real SMTP server (smtp-server, in this process) counting deliveries by Message-ID:
 *   1. SMTP is stopped (its port refuses connections).
 *   2. API #1 starts; 200 contacts are posted (400 mails: acknowledgement + notification each).
 *   3. Once a mail is being sent (PROCESSING in the database), API #1 is killed with SIGKILL.
 *   4. API #2 starts; once it is sending, it is killed with SIGKILL too.
 *   5. SMTP and API #3 start. Measured: the time from API #3's start until every mail in the database
 *      has reached the SMTP server; then, after a grace period, how many arrived more than once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { SMTPServer } from "smtp-server";

const { values: args } = parseArgs({
  options: {
    entry: { type: "string", default: fileURLToPath(new URL("../dist/main.js", import.meta.url)) },
    contacts: { type: "string", default: "200" },
    grace: { type: "string", default: "10" },
  },
});
const entry = resolve(args.entry);
const contactCount = Number(args.contacts);
const graceMs = Number(args.grace) * 1000;
if (!existsSync(entry)) {
  process.stderr.write(`${entry} not found: build first (the bench:drain script does)\n`);
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), "admin-api-drain-"));
const dbFile = join(dir, "data", "site.db");
const started = Date.now();
const at = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`;
const say = (line: string) => process.stdout.write(`${at()}  ${line}\n`);

/** A port for the SMTP server, free now, refusing connections while the server is stopped. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

/** Deliveries per Message-ID, over every start of the SMTP server. */
const deliveries = new Map<string, number>();
let lastDeliveryAt = 0;

async function startSmtp(port: number): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const headers =
          Buffer.concat(chunks)
            .toString("utf8")
            .split(/\r?\n\r?\n/)[0] ?? "";
        const messageId = /^message-id:\s*(\S+)/im.exec(headers)?.[1] ?? "(none)";
        deliveries.set(messageId, (deliveries.get(messageId) ?? 0) + 1);
        lastDeliveryAt = Date.now();
        callback();
      });
    },
  });
  server.listen(port, "127.0.0.1");
  await once(server.server, "listening");
  return server;
}

interface Api {
  child: ChildProcess;
  port: number;
  startedAt: number;
  exited: Promise<unknown>;
}

async function startApi(smtpPort: number): Promise<Api> {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: join(dir, "data"),
      MAIL_DIR: join(dir, "mail"),
      SITE_DIR: join(dir, "no-site"),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      RATE_LIMIT_MAX: "1000000",
      MAIL_AUTOMATIC_DAILY_CAP: "100000",
      LOG_LEVEL: "info",
      METADATA_SERVER_DETECTION: "none",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = once(child, "exit");
  const port = await new Promise<number>((resolvePort, reject) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; port?: number };
        if (entry.msg === "listening" && typeof entry.port === "number") resolvePort(entry.port);
      } catch {
        // not a log line
      }
    });
    void exited.then(() => reject(new Error("the API exited before listening")));
  });
  return { child, port, startedAt, exited };
}

async function kill(api: Api): Promise<void> {
  api.child.kill("SIGKILL");
  await api.exited;
}

function count(sql: string): number {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}
const processing = () => count("SELECT COUNT(*) AS n FROM mail WHERE state = 'PROCESSING'");

/** Waits (polling the database every 2 ms) until a mail is being sent; how many were claimed then. */
async function whenSending(timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const n = processing();
    if (n > 0) return n;
    await sleep(2);
  }
  return 0;
}

async function postContacts(port: number): Promise<number> {
  let created = 0;
  let next = 0;
  const post = async (): Promise<void> => {
    while (next < contactCount) {
      const index = next++;
      const res = await fetch(`http://127.0.0.1:${port}/api/contacts`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: `Drain Bench ${index}`,
          email: `drain-${index}@bench.test`,
          subject: "Outbox drain",
          description: "A contact posted by the drain benchmark.",
        }),
      });
      if (res.status === 201) created += 1;
    }
  };
  await Promise.all(Array.from({ length: 10 }, post));
  return created;
}

const smtpPort = await freePort();
let api: Api | undefined;
let smtp: SMTPServer | undefined;
try {
  say(`load average ${loadavg()[0]?.toFixed(2)}; entry ${entry}; SMTP down (port ${smtpPort})`);
  api = await startApi(smtpPort);
  const created = await postContacts(api.port);
  say(`API #1: ${created} contacts posted (201)`);
  const heldAtFirstKill = await whenSending(60_000);
  await kill(api);
  say(`API #1 killed (SIGKILL) with ${heldAtFirstKill} mails PROCESSING`);

  api = await startApi(smtpPort);
  say("API #2 started");
  const heldAtSecondKill = await whenSending(120_000);
  await kill(api);
  say(`API #2 killed (SIGKILL) with ${heldAtSecondKill} mails PROCESSING`);

  const total = count("SELECT COUNT(*) AS n FROM mail");
  const attempted = count("SELECT COUNT(*) AS n FROM mail WHERE attempts > 0");
  smtp = await startSmtp(smtpPort);
  api = await startApi(smtpPort);
  const restartedAt = api.startedAt;
  say(`SMTP up, API #3 started; ${total} mails queued, ${attempted} of them tried before`);

  while (deliveries.size < total && Date.now() - restartedAt < 15 * 60_000) await sleep(50);
  const drainedAt = lastDeliveryAt;
  say(`every mail delivered at least once; waiting ${graceMs / 1000} s for late duplicates`);
  await sleep(graceMs);
  api.child.kill("SIGTERM");
  await api.exited;
  api = undefined;

  const delivered = [...deliveries.values()].reduce((sum, n) => sum + n, 0);
  const twice = [...deliveries.values()].filter((n) => n > 1).length;
  const success = count("SELECT COUNT(*) AS n FROM mail WHERE state = 'SUCCESS'");
  console.log(`
mails in the database          ${total} (SUCCESS ${success})
distinct Message-IDs delivered ${deliveries.size}
deliveries in all              ${delivered}
Message-IDs delivered twice+   ${twice}
held by API #1 at its SIGKILL  ${heldAtFirstKill}
held by API #2 at its SIGKILL  ${heldAtSecondKill}
drain after the last restart   ${((drainedAt - restartedAt) / 1000).toFixed(1)} s (API #3 start to last delivery)`);
} finally {
  if (api) await kill(api);
  if (smtp) await new Promise<void>((done) => smtp?.close(() => done()));
  rmSync(dir, { recursive: true, force: true });
}
