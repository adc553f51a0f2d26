import type { Response } from "express";
import type { ApiFailure, ApiSuccess } from "@site/shared/schemas";
import { answerTranslator } from "./answer-language.js";
import { isFormPost, sendFormPage } from "./form-page.js";

/**
 * The one success shape: the spec's result fields. Messages are given in English and answered in the
 * submission's language (answer-language.ts); the form result page translates its own. `message` is what a visitor whose browser posted the
 * form without JavaScript reads instead (see form-page.ts); with `say`, the JSON carries it too (an
 * outcome the form must word differently from its usual success, such as a returning subscriber).
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
  const body: ApiSuccess =
    options.say && message !== undefined
      ? { success: true, id, message: answerTranslator(res.req).say(message) }
      : { success: true, id };
  res.status(status).json(body);
}

/** The one failure shape: `{success: false, error}` plus `fieldErrors` for validation. */
export function sendFailure(
  res: Response,
  status: number,
  error: string,
  fieldErrors?: Record<string, string>,
): void {
  if (isFormPost(res.req)) {
    sendFormPage(res, status, {
      ok: false,
      message: error,
      details: Object.values(fieldErrors ?? {}),
    });
    return;
  }
  const { say } = answerTranslator(res.req);
  const body: ApiFailure = fieldErrors
    ? {
        success: false,
        error: say(error),
        fieldErrors: Object.fromEntries(
          Object.entries(fieldErrors).map(([field, text]) => [field, say(text)]),
        ),
      }
    : { success: false, error: say(error) };
  res.status(status).json(body);
}
