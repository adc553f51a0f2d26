import type { Request } from "express";
import { idempotencyKeyHeader } from "@site/shared/schemas";
import type { RequestContext } from "../common/outcomes.js";
import { sameHostReferer } from "./form-page.js";

/** What a form's use case needs of the request besides its body. */
export function requestContext(req: Request): RequestContext {
  return {
    refererPath: sameHostReferer(req)?.pathname,
    idempotencyKey: req.get(idempotencyKeyHeader),
  };
}

/**
 * The message of an error that belongs to no field the visitor typed in (the consent's notice version,
 * the submission's key, the page's language): said as the answer's error, where the form shows it.
 */
export function formLevelError(fieldErrors: Record<string, string>): string | undefined {
  return fieldErrors["noticeVersion"] ?? fieldErrors["idempotencyKey"] ?? fieldErrors["locale"];
}
