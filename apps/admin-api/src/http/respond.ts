import type { Response } from "express";
import { messageRef, type MessageRef } from "@site/shared/i18n/message-ref";
import {
  fieldErrorRefsOf,
  messageKeysHeader,
  type ApiFailure,
  type ApiSuccess,
} from "@site/shared/schemas";
import { answerTranslator, said, type Said } from "./answer-language.js";
import { isFormPost, sendFormPage } from "./form-page.js";

/** Whether the client reads message keys (the site's pages do): only then do answers carry them. */
const wantsKeys = (res: Response) => res.req.get(messageKeysHeader) !== undefined;

/**
 * The one success shape: the spec's result fields. `message` (a catalogue message, by its key) is what a
 * visitor whose browser posted the form without JavaScript reads instead (see form-page.ts), in the
 * submission's language; with `say`, the JSON carries it too (an outcome the form must word differently
 * from its usual success, such as a returning subscriber), and its key when the client reads keys.
 */
export function sendSuccess(
  res: Response,
  status: number,
  id: string,
  message?: MessageRef,
  options: { say?: boolean } = {},
): void {
  if (message !== undefined && isFormPost(res.req)) {
    sendFormPage(res, 200, { ok: true, message: said(message) });
    return;
  }
  let body: ApiSuccess = { success: true, id };
  if (options.say && message !== undefined) {
    const { say } = answerTranslator(res.req);
    body = {
      ...body,
      message: say(said(message)),
      ...(wantsKeys(res) ? { messageRef: message } : {}),
    };
  }
  res.status(status).json(body);
}

/**
 * The one failure shape: `{success: false, error}` plus `fieldErrors` for validation, and, when the
 * client reads keys, `errorRef` and `fieldErrorRefs`: each message's catalogue key (the field errors
 * carry theirs, with parameters: `fieldErrorRefsOf`). `error` is a catalogue message, or `{ field }`: the
 * message of one of `fieldErrors` (a form-level one, such as the consent's notice version).
 */
export function sendFailure(
  res: Response,
  status: number,
  error: MessageRef | { field: string },
  fieldErrors?: Readonly<Record<string, string>>,
): void {
  const { say } = answerTranslator(res.req);
  const keys = fieldErrorRefsOf(fieldErrors ?? {});
  const fields = Object.entries(fieldErrors ?? {}).map(([field, text]) => ({
    field,
    text,
    ref: keys[field],
  }));
  const errorSaid: Said =
    "key" in error
      ? said(error)
      : (fields.find((found) => found.field === error.field) ??
        said(messageRef("apiMessages.invalidRequest")));
  const errorRef = errorSaid.ref;
  if (isFormPost(res.req)) {
    sendFormPage(res, status, { ok: false, message: errorSaid, details: fields });
    return;
  }
  const keyed = wantsKeys(res);
  const fieldErrorRefs: Record<string, MessageRef> = {};
  for (const { field, ref } of fields) if (ref) fieldErrorRefs[field] = ref;
  const body: ApiFailure = {
    success: false,
    error: say(errorSaid),
    ...(fieldErrors && {
      fieldErrors: Object.fromEntries(fields.map((found) => [found.field, say(found)])),
    }),
    ...(keyed && errorRef && { errorRef }),
    ...(keyed && fieldErrors && { fieldErrorRefs }),
  };
  res.status(status).json(body);
}
