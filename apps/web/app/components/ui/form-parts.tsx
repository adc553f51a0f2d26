import type { ReactNode } from "react";
import { Spinner } from "./spinner";
import { StatusMessage } from "./status-message";
import { useMessages } from "../../i18n/messages";

/**
 * What a form says after sending: its success or its error, information (saved on this device while
 * offline), or nothing yet. `invalidInput` marks an error about what was typed (the newsletter's one
 * field is then marked invalid and described by the error).
 */
export type FormOutcome = {
  tone: "success" | "error" | "info";
  message: string;
  invalidInput?: boolean;
} | null;

/** A form's submit button: disabled with a spinner and `sendingLabel` while the request is out. */
export function SubmitButton({
  pending,
  label,
  sendingLabel,
  className,
}: {
  pending: boolean;
  label: string;
  sendingLabel: string;
  className: string;
}) {
  return (
    <button className={`form-submit ${className}`} type="submit" disabled={pending}>
      {pending ? (
        <>
          <Spinner />
          {sendingLabel}
        </>
      ) : (
        label
      )}
    </button>
  );
}

/**
 * The two live regions of a form's outcome (always rendered, so a change is announced): one polite for
 * good news and for information, one assertive for errors; after them, while a submission waits on this
 * device (use-form-submission.ts), the button that discards it, and `children`.
 */
export function FormOutcomeMessages({
  outcome,
  className,
  errorId,
  saved,
  onDiscard,
  children,
}: {
  outcome: FormOutcome;
  className: string;
  /** The error region's id, for a field that points at it with aria-describedby. */
  errorId?: string;
  /** The submission saved on this device, if any, and the way to discard it. */
  saved?: { label: string } | null;
  onDiscard?: () => void;
  children?: ReactNode;
}) {
  const messages = useMessages();
  return (
    <div className={className}>
      <StatusMessage tone={outcome?.tone === "info" ? "info" : "success"}>
        {outcome && outcome.tone !== "error" ? outcome.message : null}
      </StatusMessage>
      <StatusMessage tone="error" id={errorId}>
        {outcome?.tone === "error" ? outcome.message : null}
      </StatusMessage>
      {saved ? (
        <button type="button" className="form-discard" onClick={onDiscard}>
          {messages.savedSubmissionMessages.discardNamed(saved.label)}
        </button>
      ) : null}
      {children}
    </div>
  );
}
