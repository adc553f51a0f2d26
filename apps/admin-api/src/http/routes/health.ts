import type { RequestHandler } from "express";
import { apiMessages } from "@site/shared/messages";
import type { Clock } from "../../ports/clock.js";
import type { Store } from "../../ports/store.js";

/** GET /api/health: the process answers (liveness). */
export const healthHandler: RequestHandler = (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
};

/** GET /api/ready: the store answers; the outbox backlog tells operators whether mail is flowing. */
export function readyHandler({
  store,
  clock,
}: {
  store: Pick<Store, "ping" | "outboxStats">;
  clock: Clock;
}): RequestHandler {
  return async (req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await store.ping();
      const outbox = await store.outboxStats(clock.now());
      res.json({ status: "ready", outbox });
    } catch (error) {
      req.log.error({ err: error }, "readiness check: store unreachable");
      res.status(503).json({ success: false, status: "unavailable", error: apiMessages.internal });
    }
  };
}
