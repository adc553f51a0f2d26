import { randomUUID } from "node:crypto";
import { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "pino";

declare module "http" {
  interface IncomingMessage {
    /** The request's id, also sent back as `X-Request-Id`. */
    id: string;
    /** A logger whose lines carry the request (id, method, path), for handlers to log with. */
    log: Logger;
  }
}

const logState = Symbol("request log");

interface LogState {
  logger: Logger;
  bindings: { req: { id: string; method: string | undefined; path: string } };
  child?: Logger;
}

type LoggedRequest = IncomingMessage & { [logState]?: LogState };

// `req.log` is a getter on Node's request prototype, which Express's requests inherit, defined once:
// defining it on each request turned every request object into a slow dictionary of properties, which
// every later middleware then read from (about 60 µs of a form post through the API's middleware, with
// nothing stored).
Object.defineProperty(IncomingMessage.prototype, "log", {
  configurable: true,
  get(this: LoggedRequest): Logger {
    const state = this[logState];
    if (!state)
      throw new Error("req.log is made by the request logger, which this request skipped");
    return (state.child ??= state.logger.child(state.bindings));
  },
});

/**
 * One line per request without personal data: method, path (no query string), status, time. No
 * client address, no headers (so no Authorization or cookies), no bodies. Lines as pino-http wrote them
 * (`req`, `res`, `responseTime`, "request completed", at error level from status 500), written by hand:
 * pino-http made two child loggers for every request whether anything used them or not, about a tenth
 * of a form post's CPU in the bench's profile. Here `req.log` is made only when a handler asks for it,
 * and the line is written on the answer's `close` alone: Node emits it after `finish` for every answer,
 * and without `finish` when the connection went first (written "request aborted").
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = Date.now();
    const id = randomUUID();
    res.setHeader("X-Request-Id", id);
    const query = req.url.indexOf("?");
    const bindings = {
      req: { id, method: req.method, path: query < 0 ? req.url : req.url.slice(0, query) },
    };
    req.id = id;
    (req as LoggedRequest)[logState] = { logger, bindings };

    res.once("close", () => {
      const line = {
        ...bindings,
        res: { statusCode: res.statusCode },
        responseTime: Date.now() - started,
      };
      if (!res.writableFinished) logger.info(line, "request aborted");
      else if (res.statusCode >= 500)
        logger.error(
          { ...line, err: new Error(`failed with status code ${res.statusCode}`) },
          "request errored",
        );
      else logger.info(line, "request completed");
    });
    next();
  };
}
