/** Back to the top of the page: smooth, unless the visitor asked the system for reduced motion. */
export function ScrollToTopButton() {
  const scrollToTop = () => {
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
    // Move focus too, so keyboard users continue from the top of the page.
    document.querySelector<HTMLElement>(".skip-link")?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className="scroll-top" onClick={scrollToTop}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M8 13V3M3.5 7.5 8 3l4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <span>Back to top</span>
    </button>
  );
}
