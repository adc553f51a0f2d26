import type { Clock } from "../ports/clock.js";
import type { Logger } from "../ports/logger.js";
import type { Store } from "../ports/store.js";
import { sweepAuditLog } from "../staff/office-audit-service.js";

const dayMs = 24 * 60 * 60 * 1000;

export interface RetentionJobOptions {
  store: Pick<
    Store,
    "purgeMailBodies" | "purgeIdempotencyKeys" | "purgeAudit" | "purgeDataRequests"
  >;
  clock: Clock;
  logger: Logger;
  /** MAIL_BODY_RETENTION_DAYS: a mail's text and HTML are emptied this long after it finished. */
  mailBodyRetentionDays: number;
  /**
   * OFFICE_AUDIT_RETENTION_DAYS: the office's audit entries, and the data requests answered, are deleted
   * this long after. Omitted: the audit log is not swept (tests of the mail bodies alone).
   */
  auditRetentionDays?: number | undefined;
  /** How often it runs while started (hourly by default: retention is a matter of days). */
  intervalMs?: number;
}

export interface RetentionJob {
  /**
   * One pass: empties the bodies of mails that finished more than the retention ago, forgets expired
   * idempotency keys, and deletes the audit entries past theirs; returns how many mails were emptied.
   */
  run(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The periodic purge of mail bodies (the privacy notice promises it), of expired idempotency keys and of
 * the office's audit entries past their retention; run() lets tests move the clock.
 */
export function createRetentionJob(options: RetentionJobOptions): RetentionJob {
  const { store, clock, logger, mailBodyRetentionDays, auditRetentionDays } = options;
  const intervalMs = options.intervalMs ?? 60 * 60 * 1000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function run(): Promise<number> {
    const cutOff = new Date(clock.now().getTime() - mailBodyRetentionDays * dayMs);
    const purged = await store.purgeMailBodies(cutOff);
    if (purged > 0)
      logger.info({ purged, finishedBefore: cutOff }, "mail bodies past retention emptied");
    const forgotten = await store.purgeIdempotencyKeys(clock.now());
    if (forgotten > 0) logger.info({ forgotten }, "expired idempotency keys forgotten");
    if (auditRetentionDays !== undefined)
      await sweepAuditLog({ store, clock, logger, retentionDays: auditRetentionDays });
    return purged;
  }

  const pass = () => {
    running = run().catch((error: unknown) => {
      logger.error({ err: error }, "mail body retention pass failed");
    });
  };

  return {
    run,
    start() {
      if (timer) return;
      pass();
      timer = setInterval(pass, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
