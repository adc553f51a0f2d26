import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import { messageRef, type MessageRef } from "@site/shared/i18n/message-ref";
import { sendFailure } from "../respond.js";

export interface RateLimitOptions {
  windowMs: number;
  max: number;
}

/**
 * A per-client-address limiter for one write endpoint, answering `message` past its limit. Each call makes its own counter store, so
 * every endpoint (and every app instance in tests) counts separately.
 */
export function writeRateLimit(
  { windowMs, max }: RateLimitOptions,
  message: MessageRef = messageRef("apiMessages.rateLimited"),
): RequestHandler {
  return rateLimit({
    windowMs,
    limit: max,
    // RateLimit/RateLimit-Policy headers (and Retry-After on 429). Not draft-8: it hashes the client
    // key with SHA-256 on every request to name the partition.
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: (req, res) => {
      req.log.warn({ path: req.path }, "rate limited");
      sendFailure(res, 429, message);
    },
  });
}
