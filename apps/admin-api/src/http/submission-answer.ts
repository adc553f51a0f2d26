import type { Request, Response } from "express";
import { messageRef, type MessageRef } from "@site/shared/i18n/message-ref";
import type { SubmissionOutcome } from "../common/submission.js";
import { formLevelField } from "./form-context.js";
import { sendFailure, sendSuccess } from "./respond.js";

/** How one form's answers are worded and logged. */
export interface SubmissionAnswers {
  /** The log's name for the form ("contact") and for what it stores ("a contact"). */
  form: string;
  record: string;
  /** Said for a stored submission (201), and to a bot whose honeypot was dropped. */
  success: MessageRef;
  /** Said when the store failed (503). */
  failure: MessageRef;
  /**
   * Said for invalid fields (400) when no form-level message (formLevelField) speaks for the whole form.
   * `leadingField`: a field whose message, when it has one, is said before both (the comment's post).
   */
  invalid: MessageRef;
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
    case "invalid": {
      const { fieldErrors } = outcome;
      const leading = words.leadingField;
      const field =
        leading !== undefined && fieldErrors[leading] !== undefined
          ? leading
          : formLevelField(fieldErrors);
      sendFailure(res, 400, field === undefined ? words.invalid : { field }, fieldErrors);
      return;
    }
    case "key-reused":
      sendFailure(res, 422, messageRef("requestMessages.idempotencyKeyReused"));
      return;
    case "unavailable":
      req.log.error({ err: outcome.cause }, `store failed to save ${words.record}`);
      sendFailure(res, 503, words.failure);
      return;
  }
}
