/**
 * The two windows of AutomaticMailLimit (mail/port.ts), one definition for both adapters: a rolling
 * 24 hours per recipient, and the UTC calendar day for the overall cap.
 */
export const automaticMailWindowMs = 24 * 60 * 60 * 1000;

/** Midnight UTC of the day `ms` falls in. */
export function startOfUtcDay(ms: number): number {
  return ms - (((ms % automaticMailWindowMs) + automaticMailWindowMs) % automaticMailWindowMs);
}

/** That day as `YYYY-MM-DD` (names Firestore's per-day counter). */
export function utcDay(ms: number): string {
  return new Date(startOfUtcDay(ms)).toISOString().slice(0, 10);
}
