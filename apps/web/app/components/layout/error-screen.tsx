import { Component, type ErrorInfo, type ReactNode } from "react";
import { firm } from "@site/shared/content";
import { useMessages } from "../../i18n/messages";

/** The screen shown when a page crashes while rendering. */
export function ErrorScreen() {
  const { errorScreenMessages } = useMessages();
  return (
    <main id="main" className="error-screen">
      <div className="error-screen__card">
        <p className="error-screen__brand">{firm.name}</p>
        <h1>{errorScreenMessages.title}</h1>
        <p>{errorScreenMessages.text}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          {errorScreenMessages.action}
        </button>
      </div>
    </main>
  );
}

/**
 * Replaces what it wraps with the error screen when rendering fails; the details go to the console.
 * `onError` lets a caller show the screen elsewhere instead (an island replaces the whole page).
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; onError?: () => void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    this.props.onError?.();
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.onError ? null : <ErrorScreen />;
  }
}
