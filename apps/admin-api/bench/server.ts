/**
 * The benchmark's server process: the real app (SQLite in a temporary folder, logs at info serialised
 * as in production but written to /dev/null) and, beside it, a bare Express handler as the yardstick.
 * The outbox worker is not started: it measures the HTTP path, and mail delivery is bounded by the SMTP
 * server, not by us. The app serves the web build (apps/web/build/client, or SITE_DIR) as in production,
 * so the run can read a page while the posts come in. Prints the two ports as one JSON line, then serves
 * until killed.
 */
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import { pino } from "pino";
import { createLogger } from "../src/adapters/log/logger.js";
import { createSqliteStore } from "../src/adapters/sqlite/sqlite-store.js";
import { createApp } from "../src/app.js";
import { systemClock } from "../src/ports/clock.js";
import { createServices } from "../src/services.js";
import { createDataKey } from "../src/common/data-key.js";
import { createAutomaticMailLimiter } from "../src/mail/limits.js";

const siteDir = resolve(
  process.env.SITE_DIR ?? fileURLToPath(new URL("../../web/build/client", import.meta.url)),
);
if (!existsSync(join(siteDir, "about"))) {
  process.stderr.write(`${siteDir} holds no built site: build apps/web first (npm run build)\n`);
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), "admin-api-bench-"));
const store = createSqliteStore({ file: join(dir, "site.db") });
const logger = createLogger("info", pino.destination({ dest: "/dev/null", sync: true }));
const identity = { contactInbox: "inbox@bench.test", siteUrl: "https://bench.test" };
const app = createApp({
  services: createServices({
    store,
    identity,
    // Raised, as the rate limit is: one run sends far more contacts than a day's cap.
    limiter: createAutomaticMailLimiter({
      dataKey: createDataKey(randomBytes(32).toString("hex")),
      limits: { perRecipientDaily: 100_000_000, automaticDailyCap: 100_000_000 },
      inbox: identity.contactInbox,
      clock: systemClock,
      logger,
    }),
  }),
  store,
  clock: systemClock,
  logger,
  security: {
    adminApiToken: undefined,
    corsOrigins: [],
    siteUrl: identity.siteUrl,
    trustProxy: false,
    // Raised: every request of the run comes from one address.
    rateLimit: { windowMs: 60_000, max: 100_000_000 },
    commentsPerAddress: 100_000_000,
  },
  site: { dir: siteDir },
});

const bare = express();
bare.post("/bare", express.json({ limit: "16kb" }), (_req, res) => {
  res.status(201).json({ success: true, id: "00000000-0000-4000-8000-000000000000" });
});

// The run asks for this process's CPU time around each phase: CPU per request is a steadier measure
// than requests per second on a machine shared with other work.
bare.get("/cpu", (_req, res) => {
  const { user, system } = process.cpuUsage();
  res.json({ micros: user + system, mainMicros: mainThreadMicros(), writes: store.writeStats() });
});

/**
 * The CPU time of this process's main thread alone (the event loop: HTTP, the middleware, the services),
 * from Linux's per-thread counters in clock ticks of 10 ms; null elsewhere. The writer and checkpoint
 * threads, and V8's own, count in `micros` only.
 */
function mainThreadMicros(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    // The fields after the command name (which is in parentheses and may hold spaces): utime is the 12th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}

const appServer = app.listen(0, "127.0.0.1");
const bareServer = bare.listen(0, "127.0.0.1");
await Promise.all([once(appServer, "listening"), once(bareServer, "listening")]);
process.stdout.write(
  `${JSON.stringify({
    appPort: (appServer.address() as AddressInfo).port,
    barePort: (bareServer.address() as AddressInfo).port,
  })}\n`,
);

process.on("SIGTERM", () => {
  void (async () => {
    appServer.close();
    bareServer.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  })();
});
