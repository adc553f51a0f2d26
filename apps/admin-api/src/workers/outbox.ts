import type { Clock } from "../ports/clock.js";
import type { Logger } from "../ports/logger.js";
import { MailSendError, type MailTransport } from "../ports/mail-transport.js";
import type { ClaimedMail, Store } from "../ports/store.js";

/** The back-off never waits longer than this between two attempts. */
export const maxRetryDelayMs = 60 * 60 * 1000;

/**
 * How long a claim holds without a heartbeat. A running worker renews it every third of that, so only a
 * dead process lets it run out: its mail is claimed again by another (or the restarted) process within
 * this time plus one poll interval.
 */
export const defaultLeaseMs = 30_000;

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
  /** How long a claimed mail is held without a heartbeat (see defaultLeaseMs). */
  leaseMs?: number;
  /** How often the running worker renews its leases; a third of leaseMs unless set. */
  heartbeatMs?: number;
  batchSize?: number;
}

export interface TickResult {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  /** Claims given back unsent because the worker is stopping. */
  released: number;
  /** Claims another worker had taken over (the lease ran out): not sent, or their outcome not recorded. */
  lost: number;
}

export interface OutboxWorker {
  /** One pass: claims due mails and tries each once (stopping early, and releasing the rest, once stopped). */
  tick(): Promise<TickResult>;
  /** Renews the lease of every mail this worker holds; the started worker runs it every heartbeatMs. */
  heartbeat(): Promise<void>;
  /** Mail was queued: the started worker runs a pass now instead of at its next poll. */
  wake(): void;
  start(): void;
  /**
   * Stops polling, lets the send in progress finish and records it, and releases the mails it claimed
   * but did not try (PENDING again, due now, the attempt not counted), so a restart sends them at once.
   */
  stop(): Promise<void>;
}

/** Delay before the attempt after `attempts` failed ones: base, 2×base, 4×base..., at most an hour. */
export function retryDelayMs(attempts: number, retryBaseMs: number): number {
  return Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), maxRetryDelayMs);
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { store, transport, clock, logger, maxAttempts, retryBaseMs, pollIntervalMs } = options;
  const leaseMs = options.leaseMs ?? defaultLeaseMs;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1, Math.floor(leaseMs / 3));
  const batchSize = options.batchSize ?? 20;
  const leaseFromNow = () => new Date(clock.now().getTime() + leaseMs);

  /** Claims this worker holds and has not yet recorded an outcome for, by mail id. */
  const held = new Map<string, ClaimedMail>();
  /** Set by stop(): the pass in progress finishes its current mail and releases the rest. */
  let stopping = false;

  async function deliver(mail: ClaimedMail, result: TickResult): Promise<void> {
    // Ids and counters only: addresses and subjects are personal data and stay out of the logs.
    const context = { mailId: mail.id, kind: mail.meta.kind, attempt: mail.delivery.attempts };
    const lost = (msg: string) => {
      result.lost += 1;
      logger.warn(context, msg);
    };
    if (mail.delivery.attempts > maxAttempts) {
      // A worker crashed mid-send on every earlier attempt: stop instead of looping forever.
      const recorded = await store.markMailFailed(
        mail,
        clock.now(),
        mail.delivery.error ?? "Gave up: no attempt completed.",
        { final: true, nextAttemptAt: clock.now() },
      );
      if (!recorded) return lost("lease lost: another worker holds the mail; not recorded");
      result.failed += 1;
      logger.error(context, "mail given up after repeated interrupted attempts");
      return;
    }
    // Earlier mails of the batch may have taken long: check the claim still holds (and extend it) right
    // before handing the mail over, so a mail another worker has taken over is never sent by this one.
    if (!(await store.renewMailLease(mail, leaseFromNow()))) {
      return lost("lease lost before sending: another worker holds the mail; skipped");
    }
    try {
      const { messageId } = await transport.send({ ...mail.message, mailId: mail.id });
      if (!(await store.markMailSent(mail, clock.now(), messageId))) {
        return lost("mail sent, but its lease had been taken over: outcome not recorded");
      }
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
      if (!(await store.markMailFailed(mail, now, message, { final, nextAttemptAt }))) {
        return lost("mail failed, but its lease had been taken over: outcome not recorded");
      }
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
    const result: TickResult = {
      claimed: mails.length,
      sent: 0,
      retrying: 0,
      failed: 0,
      released: 0,
      lost: 0,
    };
    for (const mail of mails) held.set(mail.id, mail);
    try {
      // One at a time: a small firm's volume needs no more, and a struggling SMTP server gets no burst.
      for (const mail of mails) {
        if (stopping) break;
        try {
          await deliver(mail, result);
        } catch (error) {
          // The store failed to record the outcome; the lease runs out and the mail is tried again.
          logger.error(
            { mailId: mail.id, err: error },
            "could not record a mail's delivery outcome",
          );
        } finally {
          held.delete(mail.id);
        }
      }
    } finally {
      const untried = mails.filter((mail) => held.has(mail.id));
      if (untried.length > 0) {
        try {
          result.released = await store.releaseMails(untried, clock.now());
          logger.info({ released: result.released }, "released claimed mails not yet tried");
        } catch (error) {
          logger.error(
            { err: error },
            "could not release claimed mails; their leases will run out",
          );
        }
        for (const mail of untried) held.delete(mail.id);
      }
    }
    return result;
  }

  let heartbeating = false;
  async function heartbeat(): Promise<void> {
    if (heartbeating || held.size === 0) return;
    heartbeating = true;
    try {
      const until = leaseFromNow();
      await Promise.all(
        [...held.values()].map(async (mail) => {
          try {
            const renewed = await store.renewMailLease(mail, until);
            // A mail whose outcome was recorded while its renewal was on the way is no loss.
            if (!renewed && held.has(mail.id)) {
              logger.warn({ mailId: mail.id }, "lease lost: another worker holds the mail");
            }
          } catch (error) {
            logger.error({ mailId: mail.id, err: error }, "could not renew a mail's lease");
          }
        }),
      );
    } finally {
      heartbeating = false;
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let woken = false;
  let stopped = true;

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(pass, delayMs);
  }

  function pass(): void {
    timer = undefined;
    woken = false;
    running = tick()
      .then(
        (result) => (result.claimed === batchSize || woken ? 0 : pollIntervalMs),
        (error: unknown) => {
          logger.error({ err: error }, "outbox pass failed");
          return pollIntervalMs;
        },
      )
      .then((delayMs) => {
        running = undefined;
        schedule(delayMs);
      });
  }

  return {
    tick,
    heartbeat,
    wake() {
      if (stopped) return;
      // A pass in progress may have queried before this mail was committed: run another right after it.
      if (running) {
        woken = true;
        return;
      }
      if (timer) clearTimeout(timer);
      schedule(0);
    },
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      heartbeatTimer = setInterval(() => void heartbeat(), heartbeatMs);
      heartbeatTimer.unref();
      schedule(0);
    },
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      // The heartbeat keeps the send in progress leased until it is recorded.
      await running;
      if (heartbeatTimer) clearInterval(heartbeatTimer);
    },
  };
}
