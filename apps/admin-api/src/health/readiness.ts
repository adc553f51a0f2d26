import type { Clock } from "../ports/clock.js";
import type { OutboxStats, Store } from "../ports/store.js";

export type Readiness =
  | { ready: true; outbox: OutboxStats; checkedAt: Date }
  | { ready: false; cause: unknown; checkedAt: Date };

export interface ReadinessProbe {
  /**
   * The last result while it is younger than `maxAgeMs` (by the injected clock); otherwise one new
   * check, shared by every caller that asks while it runs. `fresh` says whether this call ran it.
   */
  check(): Promise<Readiness & { fresh: boolean }>;
}

/** How long a readiness result is reused: a monitor polling every second costs one store read per 5 s. */
export const readinessMaxAgeMs = 5_000;

/** Store reachable, and the outbox backlog; at most one store read per `maxAgeMs`. */
export function createReadinessProbe({
  store,
  clock,
  maxAgeMs = readinessMaxAgeMs,
}: {
  store: Pick<Store, "ping" | "outboxStats">;
  clock: Clock;
  maxAgeMs?: number;
}): ReadinessProbe {
  let last: Readiness | undefined;
  let inFlight: Promise<Readiness> | undefined;

  const run = async (): Promise<Readiness> => {
    const checkedAt = clock.now();
    try {
      await store.ping();
      return { ready: true, outbox: await store.outboxStats(checkedAt), checkedAt };
    } catch (cause) {
      return { ready: false, cause, checkedAt };
    }
  };

  return {
    async check() {
      if (last && clock.now().getTime() - last.checkedAt.getTime() < maxAgeMs) {
        return { ...last, fresh: false };
      }
      if (inFlight) return { ...(await inFlight), fresh: false };
      inFlight = run();
      try {
        last = await inFlight;
      } finally {
        inFlight = undefined;
      }
      return { ...last, fresh: true };
    },
  };
}
