import { Spinner } from "./spinner";
import { StatusMessage } from "./status-message";

/** What a form says after sending: its success or its error, or nothing yet. */
export type FormOutcome = { tone: "success" | "error"; message: string } | null;

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

/** The two live regions of a form's outcome (always rendered, so a change is announced). */
export function FormOutcomeMessages({
  outcome,
  className,
}: {
  outcome: FormOutcome;
  className: string;
}) {
  return (
    <div className={className}>
      <StatusMessage tone="success">
        {outcome?.tone === "success" ? outcome.message : null}
      </StatusMessage>
      <StatusMessage tone="error">
        {outcome?.tone === "error" ? outcome.message : null}
      </StatusMessage>
    </div>
  );
}
