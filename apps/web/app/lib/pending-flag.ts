/**
 * A note in localStorage that this browser holds saved submissions (lib/pending-submissions.ts), so every
 * page can tell in a microsecond, without opening IndexedDB or loading the queue's code, whether there is
 * anything to send. Holds no personal data: only that something is waiting.
 */
const flag = "site:pending-submissions";

export function hasPendingSubmissions(): boolean {
  try {
    return localStorage.getItem(flag) !== null;
  } catch {
    return false;
  }
}

export function markPending(): void {
  try {
    localStorage.setItem(flag, "1");
  } catch {
    // Without localStorage the next visit does not look; the form's own page still sends it.
  }
}

export function unmarkPending(): void {
  try {
    localStorage.removeItem(flag);
  } catch {
    // Nothing to undo.
  }
}
