import type { Clock } from "../ports/clock.js";
import type { Logger } from "../ports/logger.js";
import { MailSendError, type MailTransport } from "../ports/mail-transport.js";
import type { MailRecord, Store } from "../ports/store.js";

/** The back-off never waits longer than this between two attempts. */
export const maxRetryDelayMs = 60 * 60 * 1000;

export interface OutboxWorkerOptions {
  store: Store;
  transport: MailTransport;
  clock: Clock;
  logger: Logger;
  /** Attempts before a mail is given up (ERROR). */
  maxAttempts: number;
  /** Delay before the second attempt; doubles with each further one, capped at an hour. */
  retryBaseMs: number;
  pollIntervalMs: number;
  /** How long a claimed mail is held; after that a crashed worker's mail is claimed again. */
  leaseMs?: number;
  batchSize?: number;
}

export interface TickResult {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

export interface OutboxWorker {
  /** One pass: claims due mails and tries each once. */
  tick(): Promise<TickResult>;
  start(): void;
  /** Stops polling and waits for a tick in progress to finish. */
  stop(): Promise<void>;
}

/** Delay before the attempt after `attempts` failed ones: base, 2×base, 4×base..., at most an hour. */
export function retryDelayMs(attempts: number, retryBaseMs: number): number {
  return Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), maxRetryDelayMs);
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { store, transport, clock, logger, maxAttempts, retryBaseMs, pollIntervalMs } = options;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const batchSize = options.batchSize ?? 20;

  async function deliver(mail: MailRecord, result: TickResult): Promise<void> {
    // Ids and counters only: addresses and subjects are personal data and stay out of the logs.
    const context = { mailId: mail.id, kind: mail.meta.kind, attempt: mail.delivery.attempts };
    if (mail.delivery.attempts > maxAttempts) {
      // A worker crashed mid-send on every earlier attempt: stop instead of looping forever.
      await store.markMailFailed(
        mail.id,
        clock.now(),
        mail.delivery.error ?? "Gave up: no attempt completed.",
        {
          final: true,
          nextAttemptAt: clock.now(),
        },
      );
      result.failed += 1;
      logger.error(context, "mail given up after repeated interrupted attempts");
      return;
    }
    try {
      const { messageId } = await transport.send({ ...mail.message, mailId: mail.id });
      await store.markMailSent(mail.id, clock.now(), messageId);
      result.sent += 1;
      logger.info(context, "mail sent");
    } catch (error) {
      const permanent = error instanceof MailSendError && error.permanent;
      const final = permanent || mail.delivery.attempts >= maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      const now = clock.now();
      const nextAttemptAt = new Date(
        now.getTime() + retryDelayMs(mail.delivery.attempts, retryBaseMs),
      );
      await store.markMailFailed(mail.id, now, message, { final, nextAttemptAt });
      if (final) {
        result.failed += 1;
        logger.error({ ...context, permanent, err: message }, "mail failed for good");
      } else {
        result.retrying += 1;
        logger.warn({ ...context, err: message, nextAttemptAt }, "mail failed; will retry");
      }
    }
  }

  async function tick(): Promise<TickResult> {
    const now = clock.now();
    const mails = await store.claimDueMails(now, new Date(now.getTime() + leaseMs), batchSize);
    const result: TickResult = { claimed: mails.length, sent: 0, retrying: 0, failed: 0 };
    // One at a time: a small firm's volume needs no more, and a struggling SMTP server gets no burst.
    for (const mail of mails) {
      try {
        await deliver(mail, result);
      } catch (error) {
        // The store failed to record the outcome; the lease runs out and the mail is tried again.
        logger.error({ mailId: mail.id, err: error }, "could not record a mail's delivery outcome");
      }
    }
    return result;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .then((result) => schedule(result.claimed === batchSize ? 0 : pollIntervalMs))
        .catch((error: unknown) => {
          logger.error({ err: error }, "outbox pass failed");
          schedule(pollIntervalMs);
        });
    }, delayMs);
  }

  return {
    tick,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
