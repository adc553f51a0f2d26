import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { apiMessages } from "@site/shared/messages";
import { sendFailure } from "../respond.js";

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * `Authorization: Bearer <token>`, compared in constant time (both sides hashed first so their
 * lengths match and the comparison leaks neither content nor length). Without a configured token
 * every request is refused: the endpoint is never an open relay.
 */
export function bearerAuth(token: string | undefined): RequestHandler {
  const expected = token === undefined ? undefined : digest(token);
  return (req, res, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "");
    const presented = match?.[1];
    if (
      expected === undefined ||
      presented === undefined ||
      !timingSafeEqual(digest(presented), expected)
    ) {
      res.set("WWW-Authenticate", 'Bearer realm="admin-api"');
      sendFailure(res, 401, apiMessages.unauthorized);
      return;
    }
    next();
  };
}
