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
 * The field of an error that belongs to no field the visitor typed in (the consent's notice version,
 * the submission's key, the page's language): its message is said as the answer's error, where the form
 * shows it.
 */
export function formLevelField(fieldErrors: Readonly<Record<string, string>>): string | undefined {
  return (["noticeVersion", "idempotencyKey", "locale"] as const).find(
    (field) => fieldErrors[field] !== undefined,
  );
}
