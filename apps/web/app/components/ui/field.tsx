import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { useMessages } from "../../i18n/messages";
import "../../styles/forms.css";

/** The attributes that tie a control to its label, hint and error; spread them onto the input. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

export interface FieldProps {
  id: string;
  label: string;
  /** Error text for this field, in the page's language; shown under it and announced through aria-describedby. */
  error?: string;
  /** A hint shown under the label, e.g. the expected format. */
  hint?: string;
  /** Marks the field as optional in its label (required fields are the norm on our forms). */
  optional?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form field: label, optional hint, the control (rendered by the caller so it can be an
 * input, a textarea or a registered react-hook-form control) and its error. The error element is
 * always rendered so its id stays stable; aria-describedby points at it only while it has text.
 */
export function Field({
  id,
  label,
  error,
  hint,
  optional = false,
  className,
  children,
}: FieldProps) {
  const messages = useMessages();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <div
      className={className ? `field ${className}` : "field"}
      data-invalid={error ? "true" : undefined}
    >
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? (
          <span className="field__optional">{` ${messages.siteMessages.optional}`}</span>
        ) : null}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children({
        id,
        "aria-invalid": Boolean(error),
        "aria-describedby": describedBy || undefined,
      })}
      <p className="field__error" id={errorId}>
        {error ? (
          <>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
              <path
                d="M8 4.5v4.5m0 2v.5"
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinecap="round"
              />
            </svg>
            {error}
          </>
        ) : null}
      </p>
    </div>
  );
}

/**
 * The spam trap both forms carry (docs/architecture.md, "Spam without puzzles"). People never see or reach it:
 * moved off-screen, hidden from assistive technology, out of the tab order and ignored by
 * autofill. Bots that fill every input fill it, and the server quietly drops their submission.
 */
export function HoneypotField({
  id,
  inputProps,
}: {
  id: string;
  inputProps: Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "id" | "type" | "tabIndex" | "autoComplete"
  > & {
    ref?: Ref<HTMLInputElement>;
  };
}) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>{useMessages().siteMessages.fields.websiteLabel}</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...inputProps} />
    </div>
  );
}
