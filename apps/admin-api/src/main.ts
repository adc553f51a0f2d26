import { once } from "node:events";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { createLogger } from "./adapters/log/logger.js";
import { createSqliteStore } from "./adapters/sqlite/sqlite-store.js";
import { createEmlFileTransport } from "./adapters/mail/eml-file-transport.js";
import { createSmtpTransport } from "./adapters/mail/smtp-transport.js";
import { createApp } from "./app.js";
import type { OfficeSignIn } from "./staff/routes.js";
import type { FirebaseSessions } from "./staff/port.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { systemClock } from "./ports/clock.js";
import type { MailTransport } from "./ports/mail-transport.js";
import type { Store } from "./ports/store.js";
import { createOutboxWorker } from "./workers/outbox.js";
import { createRetentionJob } from "./workers/retention.js";
import { createServices } from "./services.js";
import { createDataKey, type DataKey } from "./common/data-key.js";
import { createAutomaticMailLimiter } from "./mail/limits.js";
import { dataKeySecretOf } from "./adapters/data-key-file.js";

async function openStore(config: Config["store"], dataKey: DataKey): Promise<Store> {
  if (config.kind === "sqlite") return createSqliteStore({ file: config.file });
  // Loaded only when chosen, so SQLite deployments never load firebase-admin. firebase-admin finds
  // FIRESTORE_EMULATOR_HOST and GOOGLE_APPLICATION_CREDENTIALS itself; config.ts has validated them.
  const [{ initializeApp }, { getFirestore }, { createFirestoreStore }] = await Promise.all([
    import("firebase-admin/app"),
    import("firebase-admin/firestore"),
    import("./adapters/firestore/firestore-store.js"),
  ]);
  const firebaseApp = initializeApp(
    config.projectId ? { projectId: config.projectId } : {},
    "admin-api",
  );
  return createFirestoreStore({ firestore: getFirestore(firebaseApp), dataKey });
}

function openTransport(config: Config["mail"]): MailTransport {
  return config.transport.kind === "smtp"
    ? createSmtpTransport({ url: config.transport.url, from: config.from })
    : createEmlFileTransport({ dir: config.transport.dir, from: config.from });
}

/**
 * How staff sign in to the office. Firebase mode loads firebase-admin's Auth only when chosen (it reads
 * FIREBASE_AUTH_EMULATOR_HOST itself; config.ts refuses it in production).
 */
async function officeSignIn(
  config: Config["office"]["signIn"],
): Promise<{ signIn: OfficeSignIn; sessions?: FirebaseSessions }> {
  if (config.mode === "link") return { signIn: { config: { mode: "link" } } };
  const [{ initializeApp }, { getAuth }, { createFirebaseSessions }] = await Promise.all([
    import("firebase-admin/app"),
    import("firebase-admin/auth"),
    import("./adapters/firebase-auth.js"),
  ]);
  const auth = getAuth(initializeApp({ projectId: config.projectId }, "office-auth"));
  return {
    signIn: {
      config: {
        mode: "firebase",
        firebase: {
          apiKey: config.apiKey,
          authDomain: config.authDomain,
          projectId: config.projectId,
          ...(config.emulatorHost ? { authEmulatorUrl: `http://${config.emulatorHost}` } : {}),
        },
      },
    },
    sessions: createFirebaseSessions(auth),
  };
}

/** The composition root: config → adapters → services → app → listen → worker → graceful shutdown. */
async function main(): Promise<void> {
  let config: Readonly<Config>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // Synchronous writes to stdout: a line logged just before exit (or a crash) is never lost in a buffer.
  // Measured: no throughput cost here, the per-request cost is in building the line, not writing it.
  const logger = createLogger(config.logLevel, pino.destination({ dest: 1, sync: true }));
  // One secret for the API: the data key, the unsubscribe links, the erasure records' address hashes.
  const dataKeySecret = dataKeySecretOf(config.dataKey);
  const dataKey = createDataKey(dataKeySecret);
  const store = await openStore(config.store, dataKey);
  const transport = openTransport(config.mail);
  const clock = systemClock;
  const identity = { contactInbox: config.mail.contactInbox, siteUrl: config.siteUrl };

  // Created before the services so that queued mail wakes it (started once the server listens).
  const worker = createOutboxWorker({
    store,
    transport,
    clock,
    logger: logger.child({ component: "outbox" }),
    maxAttempts: config.mail.maxAttempts,
    retryBaseMs: config.mail.retryBaseMs,
    pollIntervalMs: config.mail.pollIntervalMs,
    leaseMs: config.mail.leaseMs,
  });

  const office = await officeSignIn(config.office.signIn);
  const services = createServices({
    store,
    identity,
    limiter: createAutomaticMailLimiter({
      dataKey,
      limits: config.mail.limits,
      inbox: config.mail.contactInbox,
      clock,
      logger,
    }),
    onMailQueued: () => worker.wake(),
    secret: dataKeySecret,
    clock,
    commentLimits: config.comments,
    sessions: config.office.session,
    mailFrom: config.mail.from,
    firebaseSessions: office.sessions,
    auditRetentionDays: config.office.auditRetentionDays,
  });
  // The office's first owner (OFFICE_OWNER_EMAIL): added once; an existing member keeps their role.
  if (config.office.ownerEmail && (await services.staff.ensureOwner(config.office.ownerEmail)))
    logger.info("office owner added from OFFICE_OWNER_EMAIL");

  const app = createApp({
    services,
    store,
    clock,
    logger,
    security: {
      adminApiToken: config.adminApiToken,
      corsOrigins: config.corsOrigins,
      siteUrl: config.siteUrl,
      trustProxy: config.trustProxy,
      rateLimit: config.rateLimit,
      commentsPerAddress: config.comments.perAddress,
    },
    site: { dir: config.siteDir, warmPosts: true },
    office: {
      signIn: office.signIn,
      dir: config.office.dir,
      linkRequestsPerAddress: config.office.linkRequestsPerAddress,
    },
  });

  const server = app.listen(config.port, config.host);
  await once(server, "listening");
  const address = server.address() as AddressInfo;
  if (!existsSync(config.siteDir)) {
    logger.warn(
      { siteDir: config.siteDir },
      "website build not found: serving the API only (build apps/web or set SITE_DIR)",
    );
  }
  logger.info(
    {
      port: address.port,
      host: config.host,
      store: config.store.kind,
      mail: config.mail.transport.kind,
      adminApi: config.adminApiToken ? "enabled" : "disabled",
    },
    "listening",
  );

  worker.start();
  const retention = createRetentionJob({
    store,
    clock,
    logger: logger.child({ component: "retention" }),
    mailBodyRetentionDays: config.mail.bodyRetentionDays,
    auditRetentionDays: config.office.auditRetentionDays,
  });
  retention.start();

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down");
    // A hung client must not keep the process alive forever.
    const deadline = setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, 15_000);
    deadline.unref();
    try {
      // Stop accepting; idle keep-alive sockets close now, in-flight requests finish first.
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      server.closeIdleConnections();
      await closed;
      // Finishes and records the send in progress, then gives back the mail it claimed but did not try
      // (PENDING, due now): the next process sends it at once instead of waiting for a lease to run out.
      await worker.stop();
      await retention.stop();
      await transport.close();
      await store.close();
      logger.info("stopped");
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The API failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
