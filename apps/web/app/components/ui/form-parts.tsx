import type { ReactNode } from "react";
import { Spinner } from "./spinner";
import { StatusMessage } from "./status-message";

/**
 * What a form says after sending: its success or its error, information (saved on this device while
 * offline), or nothing yet.
 */
export type FormOutcome = { tone: "success" | "error" | "info"; message: string } | null;

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
 * good news and for information, one assertive for errors; `children` (a form's own controls about its
 * outcome, such as discarding a saved submission) after them.
 */
export function FormOutcomeMessages({
  outcome,
  className,
  children,
}: {
  outcome: FormOutcome;
  className: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <StatusMessage tone={outcome?.tone === "info" ? "info" : "success"}>
        {outcome && outcome.tone !== "error" ? outcome.message : null}
      </StatusMessage>
      <StatusMessage tone="error">
        {outcome?.tone === "error" ? outcome.message : null}
      </StatusMessage>
      {children}
    </div>
  );
}
