import "../../styles/forms.css";

/**
 * A small spinner for busy buttons. Decorative: the busy state is announced by the button's own text
 * ("Sending...") and its disabled state, so the spinner stays hidden from assistive technology.
 * forms.css slows it to a gentle pulse for people who prefer reduced motion.
 */
export function Spinner({ className }: { className?: string }) {
  return (
    <span className={className ? `spinner ${className}` : "spinner"} aria-hidden="true" data-testid="spinner" />
  );
}
