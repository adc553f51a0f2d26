import type { ReactNode } from "react";
import "../../styles/forms.css";

export type StatusTone = "success" | "error" | "info";

/**
 * A live region for a form's outcome. It is always rendered, empty until there is something to say,
 * because screen readers only announce changes inside a region that already exists. Success is
 * polite (role=status), and so is information (a submission saved on this device); an error interrupts
 * (role=alert).
 */
export function StatusMessage({ tone, children, id }: { tone: StatusTone; children?: ReactNode; id?: string }) {
  const hasMessage = children !== undefined && children !== null && children !== false && children !== "";
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={`status-message status-message--${tone}`}
      data-empty={hasMessage ? undefined : "true"}
    >
      {hasMessage ? (
        <>
          <svg className="status-message__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
            {tone === "success" ? (
              <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            ) : tone === "info" ? (
              <path d="M10 3.5v9m-3.5-3.5 3.5 3.5 3.5-3.5M4.5 16.5h11" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            ) : (
              <path d="M10 5v6m0 3.5v.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          <p className="status-message__text">{children}</p>
        </>
      ) : null}
    </div>
  );
}
