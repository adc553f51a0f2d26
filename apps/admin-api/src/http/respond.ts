import type { Response } from "express";
import type { MessageRef } from "@site/shared/i18n/message-ref";
import {
  fieldErrorRefsOf,
  messageKeysHeader,
  type ApiFailure,
  type ApiSuccess,
} from "@site/shared/schemas";
import { answerTranslator } from "./answer-language.js";
import { isFormPost, sendFormPage } from "./form-page.js";

/** Whether the client reads message keys (the site's pages do): only then do answers carry them. */
const wantsKeys = (res: Response) => res.req.get(messageKeysHeader) !== undefined;

/**
 * The one success shape: the spec's result fields. Messages are given in English and answered in the
 * submission's language (answer-language.ts); the form result page translates its own. `message` is what a visitor whose browser posted the
 * form without JavaScript reads instead (see form-page.ts); with `say`, the JSON carries it too (an
 * outcome the form must word differently from its usual success, such as a returning subscriber), and its
 * catalogue key when the client reads keys.
 */
export function sendSuccess(
  res: Response,
  status: number,
  id: string,
  message?: string,
  options: { say?: boolean } = {},
): void {
  if (message !== undefined && isFormPost(res.req)) {
    sendFormPage(res, 200, { ok: true, message });
    return;
  }
  let body: ApiSuccess = { success: true, id };
  if (options.say && message !== undefined) {
    const { say, refOf } = answerTranslator(res.req);
    const messageRef = wantsKeys(res) ? refOf(message) : undefined;
    body = { ...body, message: say(message), ...(messageRef ? { messageRef } : {}) };
  }
  res.status(status).json(body);
}

/**
 * The one failure shape: `{success: false, error}` plus `fieldErrors` for validation, and, when the
 * client reads keys, `errorRef` and `fieldErrorRefs`: each message's catalogue key (the schemas' field
 * errors carry theirs, with parameters; `fieldErrorRefsOf`).
 */
export function sendFailure(
  res: Response,
  status: number,
  error: string,
  fieldErrors?: Record<string, string>,
): void {
  const { say, refOf } = answerTranslator(res.req);
  const keys = fieldErrorRefsOf(fieldErrors ?? {});
  const fields = Object.entries(fieldErrors ?? {}).map(([field, text]) => ({
    field,
    text,
    ref: refOf(text, keys[field]),
  }));
  // The answer's error may be one of the field errors (the form-level ones): it then has that field's key.
  const errorRef = refOf(error, fields.find((found) => found.text === error)?.ref);
  if (isFormPost(res.req)) {
    sendFormPage(res, status, {
      ok: false,
      message: error,
      messageRef: errorRef,
      details: fields.map(({ text, ref }) => ({ text, ref })),
    });
    return;
  }
  const keyed = wantsKeys(res);
  const fieldErrorRefs: Record<string, MessageRef> = {};
  for (const { field, ref } of fields) if (ref) fieldErrorRefs[field] = ref;
  const body: ApiFailure = {
    success: false,
    error: say(error, errorRef),
    ...(fieldErrors && {
      fieldErrors: Object.fromEntries(fields.map(({ field, text, ref }) => [field, say(text, ref)])),
    }),
    ...(keyed && errorRef && { errorRef }),
    ...(keyed && fieldErrors && { fieldErrorRefs }),
  };
  res.status(status).json(body);
}
