import type { RequestHandler } from "express";
import { apiMessages } from "@site/shared/messages";
import type { Clock } from "../ports/clock.js";
import type { Store } from "../ports/store.js";
import { createReadinessProbe } from "./readiness.js";
import { bearerTokenCheck } from "../http/middleware/bearer-auth.js";

/** GET /api/health: the process answers (liveness). */
export const healthHandler: RequestHandler = (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
};

/**
 * GET /api/ready: whether the store answers, from a probe cached for a few seconds (a monitor polling
 * often costs one store read per interval, not one per request). The outbox backlog (pending, failed,
 * oldest age) is operational detail: only the holder of the admin token sees it.
 */
export function readyHandler({
  store,
  clock,
  adminApiToken,
}: {
  store: Pick<Store, "ping" | "outboxStats">;
  clock: Clock;
  adminApiToken: string | undefined;
}): RequestHandler {
  const probe = createReadinessProbe({ store, clock });
  const holdsToken = bearerTokenCheck(adminApiToken);
  return async (req, res) => {
    res.set("Cache-Control", "no-store");
    const readiness = await probe.check();
    if (!readiness.ready) {
      // Once per check, not once per request answered from it.
      if (readiness.fresh) {
        req.log.error({ err: readiness.cause }, "readiness check: store unreachable");
      }
      res.status(503).json({ success: false, status: "unavailable", error: apiMessages.internal });
      return;
    }
    res.json(
      holdsToken(req.get("authorization"))
        ? { status: "ready", outbox: readiness.outbox }
        : { status: "ready" },
    );
  };
}
