import type { ErrorRequestHandler, RequestHandler } from "express";
import { messageRef } from "@site/shared/i18n/message-ref";
import { sendFailure } from "../respond.js";

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/** Unknown /api paths: JSON, like every other API answer. */
export const apiNotFound: RequestHandler = (_req, res) => {
  sendFailure(res, 404, messageRef("apiMessages.notFound"));
};

/**
 * The one error handler. Body-parser's own errors become clear 4xx answers; anything else is ours,
 * logged in full and answered with a generic message: never a stack or an internal detail.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const httpish = (typeof error === "object" && error !== null ? error : {}) as HttpishError;
  const status = httpish.status ?? httpish.statusCode ?? 500;
  if (httpish.type === "entity.too.large") {
    sendFailure(res, 413, messageRef("apiMessages.payloadTooLarge"));
    return;
  }
  if (httpish.type === "entity.parse.failed") {
    sendFailure(res, 400, messageRef("apiMessages.malformedJson"));
    return;
  }
  // A charset or content encoding the parsers cannot read (body-parser answers 415).
  if (httpish.type === "charset.unsupported" || httpish.type === "encoding.unsupported") {
    sendFailure(res, 415, messageRef("requestMessages.unreadableEncoding"));
    return;
  }
  if (status >= 400 && status < 500 && httpish.expose !== false) {
    req.log.info({ status, type: httpish.type }, "client error");
    sendFailure(
      res,
      status,
      status === 404
        ? messageRef("apiMessages.notFound")
        : messageRef("apiMessages.invalidRequest"),
    );
    return;
  }
  req.log.error({ err: error }, "unhandled error");
  sendFailure(res, 500, messageRef("apiMessages.internal"));
};
