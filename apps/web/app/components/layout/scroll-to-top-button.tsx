import { useMessages } from "../../i18n/messages";

/**
 * Back to the top of the page. Its behaviour is plain DOM code in page-behaviour.ts (the footer is
 * static HTML): smooth, unless the visitor asked the system for reduced motion.
 */
export function ScrollToTopButton() {
  return (
    <button type="button" className="scroll-top">
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="M8 13V3M3.5 7.5 8 3l4.5 4.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      <span>{useMessages().siteMessages.backToTop}</span>
    </button>
  );
}
