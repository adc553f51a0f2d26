import type { Clock } from "../../src/ports/clock.js";

/** A clock tests move by hand, so nothing ever sleeps. Starts at real time (the store stamps rows with it). */
export function manualClock(
  start: Date = new Date(),
): Clock & { advance(ms: number): void; set(date: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(date) {
      current = date.getTime();
    },
  };
}
