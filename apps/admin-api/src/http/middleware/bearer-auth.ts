import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { messageRef } from "@site/shared/i18n/message-ref";
import { sendFailure } from "../respond.js";

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * Whether an `Authorization` header value presents the token (constant time, as below); always false
 * without a configured token. For routes that answer everyone but tell the token's holder more.
 */
export function bearerTokenCheck(
  token: string | undefined,
): (authorization: string | undefined) => boolean {
  const expected = token === undefined ? undefined : digest(token);
  return (authorization) => {
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
    return (
      expected !== undefined &&
      presented !== undefined &&
      timingSafeEqual(digest(presented), expected)
    );
  };
}

/**
 * `Authorization: Bearer <token>`, compared in constant time (both sides hashed first so their
 * lengths match and the comparison leaks neither content nor length). Without a configured token
 * every request is refused: the endpoint is never an open relay.
 */
export function bearerAuth(token: string | undefined): RequestHandler {
  const holdsToken = bearerTokenCheck(token);
  return (req, res, next) => {
    if (!holdsToken(req.get("authorization"))) {
      res.set("WWW-Authenticate", 'Bearer realm="admin-api"');
      sendFailure(res, 401, messageRef("apiMessages.unauthorized"));
      return;
    }
    next();
  };
}
