import { useEffect, type RefObject } from "react";

/**
 * Closes an open popup (dropdown, mobile menu) the ways people expect: Escape closes it and puts
 * focus back on the control that opened it; a pointer press outside `container` closes it too.
 */
export function useDismiss(options: {
  open: boolean;
  close: () => void;
  container: RefObject<HTMLElement | null>;
  trigger: RefObject<HTMLElement | null>;
  /** Whether a press outside the container closes it (the mobile menu covers the page, so it does not). */
  closeOnOutsidePress?: boolean;
}) {
  const { open, close, container, trigger, closeOnOutsidePress = true } = options;
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      close();
      trigger.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (target instanceof Node && container.current && !container.current.contains(target)) close();
    };
    document.addEventListener("keydown", onKeyDown);
    if (closeOnOutsidePress) document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open, close, container, trigger, closeOnOutsidePress]);
}
