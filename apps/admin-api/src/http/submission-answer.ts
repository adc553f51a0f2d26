import type { Request, Response } from "express";
import { requestMessages } from "@site/shared/messages";
import type { SubmissionOutcome } from "../common/submission.js";
import { formLevelError } from "./form-context.js";
import { sendFailure, sendSuccess } from "./respond.js";

/** How one form's answers are worded and logged. */
export interface SubmissionAnswers {
  /** The log's name for the form ("contact") and for what it stores ("a contact"). */
  form: string;
  record: string;
  /** Said for a stored submission (201), and to a bot whose honeypot was dropped. */
  success: string;
  /** Said when the store failed (503). */
  failure: string;
  /**
   * Said for invalid fields (400) when no form-level message (formLevelError) speaks for the whole form.
   * `leadingField`: a field whose message, when it has one, is said before both (the comment's post).
   */
  invalid: string;
  leadingField?: string;
}

/**
 * Answers what every submission can end in (common/submission.ts): created and dropped as the same
 * success, invalid 400 with the field messages, a reused key 422, a failed store 503 (logged with its
 * cause). A route answers its capability's own outcomes first and hands the rest here.
 */
export function answerSubmission(
  req: Request,
  res: Response,
  outcome: SubmissionOutcome,
  words: SubmissionAnswers,
): void {
  switch (outcome.kind) {
    case "created":
      sendSuccess(res, 201, outcome.id, words.success);
      return;
    case "dropped":
      req.log.info(`${words.form} honeypot filled; submission dropped`);
      sendSuccess(res, 201, outcome.id, words.success);
      return;
    case "invalid":
      sendFailure(
        res,
        400,
        (words.leadingField === undefined ? undefined : outcome.fieldErrors[words.leadingField]) ??
          formLevelError(outcome.fieldErrors) ??
          words.invalid,
        outcome.fieldErrors,
      );
      return;
    case "key-reused":
      sendFailure(res, 422, requestMessages.idempotencyKeyReused);
      return;
    case "unavailable":
      req.log.error({ err: outcome.cause }, `store failed to save ${words.record}`);
      sendFailure(res, 503, words.failure);
      return;
  }
}
