import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { once } from "node:events";
import { createSqliteStore } from "../../src/adapters/sqlite/sqlite-store.js";
import { createApp, type AppDeps } from "../../src/app.js";
import type { Store } from "../../src/ports/store.js";
import { manualClock } from "./clock.js";
import { openTestDatabase, releaseTestDatabase } from "./test-databases.js";
import { startSmtpServer } from "./smtp.js";
import { createSmtpTransport } from "../../src/adapters/mail/smtp-transport.js";
import { createOutboxWorker } from "../../src/workers/outbox.js";
import { capturingLogger } from "./logger.js";
import { createServices } from "../../src/services.js";
import { createDataKey } from "../../src/common/data-key.js";
import { defaultCommentLimits, type CommentLimits } from "../../src/comments/service.js";
import {
  createAutomaticMailLimiter,
  defaultMailLimits,
  type MailLimits,
} from "../../src/mail/limits.js";

export const testInbox = "inbox@firm.test";
export const testIdentity = { contactInbox: testInbox, siteUrl: "https://site.firm.test" };
export const testToken = "test-admin-token-0123456789abcdef";

export interface TestAppOptions {
  adminApiToken?: string | undefined;
  corsOrigins?: string[];
  rateLimitMax?: number;
  siteDir?: string;
  /** Compress the site's post pages as the app starts, as the server does (off by default). */
  warmPosts?: boolean;
  trustProxy?: AppDeps["security"]["trustProxy"];
  /** The caps on automatic mail; default: the configuration's defaults. */
  mailLimits?: MailLimits;
  /** Blog comments' limits; default: the configuration's defaults. */
  commentLimits?: Partial<CommentLimits>;
  commentsPerAddress?: number;
}

/** The secret the test app's links and form start times are signed with. */
export const testSecret = "test-data-key-secret-0123456789abcdef";

/** A fixed data key secret for tests (32+ characters, as config.ts requires). */
export const testDataKey = createDataKey(testSecret);

/**
 * createApp wired as main.ts wires it, on a real SQLite file of its own: a new one, or one an earlier
 * test of the same file left and that was emptied since (test-databases.ts).
 */
export async function makeTestApp(options: TestAppOptions = {}) {
  const database = await openTestDatabase();
  const { dir, dbFile } = database;
  const store: Store = database.store;
  const clock = manualClock();
  const log = capturingLogger();
  const deps: AppDeps = {
    services: createServices({
      store,
      identity: testIdentity,
      limiter: createAutomaticMailLimiter({
        dataKey: testDataKey,
        limits: options.mailLimits ?? defaultMailLimits,
        inbox: testInbox,
        clock,
        logger: log.logger,
      }),
      secret: testSecret,
      clock,
      commentLimits: { ...defaultCommentLimits, ...options.commentLimits },
    }),
    store,
    clock,
    logger: log.logger,
    security: {
      adminApiToken: "adminApiToken" in options ? options.adminApiToken : testToken,
      corsOrigins: options.corsOrigins ?? [],
      siteUrl: testIdentity.siteUrl,
      trustProxy: options.trustProxy ?? false,
      rateLimit: { windowMs: 60_000, max: options.rateLimitMax ?? 10_000 },
      commentsPerAddress: options.commentsPerAddress ?? 10_000,
    },
    site: options.siteDir
      ? { dir: options.siteDir, warmPosts: options.warmPosts ?? false }
      : undefined,
  };
  const app = createApp(deps);
  let released = false;
  return {
    app,
    /** What the app was built from, for a test that builds a variant of it. */
    deps,
    store,
    clock,
    log,
    dir,
    dbFile,
    /** Reopens the same database file, as a restarted process would. */
    reopen: () => createSqliteStore({ file: dbFile }),
    /** Ends the test's use of its database (once): emptied for the file's next test app, or closed. */
    async cleanup() {
      if (released) return;
      released = true;
      await releaseTestDatabase(database);
    },
  };
}

/** Listens on an ephemeral loopback port (for many requests without a server per request). */
export async function listen(
  app: ReturnType<typeof createApp>,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Moves a test app's clock to when the store made its first mail due, before an outbox tick: the store
 * stamps rows with real time, which on a busy host runs well past the clock the app started with.
 */
export async function clockToFirstDueMail(t: {
  store: Store;
  clock: { now(): Date; set(date: Date): void };
}): Promise<void> {
  const [queued] = await t.store.listMails({});
  t.clock.set(queued?.delivery.nextAttemptAt ?? t.clock.now());
}

/**
 * Delivers every mail due in `t`'s outbox to a real in-process SMTP server (one worker tick at the first
 * mail's due time) and returns how many were sent and what the server received.
 */
export async function deliverQueuedMails(t: Awaited<ReturnType<typeof makeTestApp>>) {
  const smtp = await startSmtpServer();
  const transport = createSmtpTransport({ url: smtp.url, from: "no-reply@firm.test" });
  try {
    const worker = createOutboxWorker({
      store: t.store,
      transport,
      clock: t.clock,
      logger: t.log.logger,
      maxAttempts: 3,
      retryBaseMs: 1_000,
      pollIntervalMs: 1_000,
    });
    await clockToFirstDueMail(t);
    const { sent } = await worker.tick();
    return { sent, received: smtp.received };
  } finally {
    await transport.close();
    await smtp.close();
  }
}
