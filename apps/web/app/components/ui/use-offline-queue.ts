import { useEffect, useRef, useState } from "react";
import { NetworkError } from "../../lib/api-client";
import {
  discardPending,
  onPendingOutcome,
  savePending,
  sendWhenOnline,
  type PendingOutcome,
  type PendingSubmission,
} from "../../lib/pending-submissions";

/**
 * A form's side of the offline queue (lib/pending-submissions.ts): `save` keeps a submission that could
 * not reach the server and starts sending it when the connection returns; `onOutcome` hears, while the
 * page is open, whether it was sent, refused or discarded. `saved` is the one waiting, if any.
 */
export function useOfflineQueue(onOutcome: (outcome: PendingOutcome) => void) {
  const [saved, setSaved] = useState<{ key: string; label: string } | null>(null);
  const handler = useRef(onOutcome);
  useEffect(() => {
    handler.current = onOutcome;
  });
  useEffect(() => {
    if (!saved) return undefined;
    return onPendingOutcome(saved.key, (outcome) => {
      setSaved(null);
      handler.current(outcome);
    });
  }, [saved]);
  return {
    saved,
    /**
     * Keeps `submission` if `error` says it never reached the server (offline); false for any other
     * error, or when this browser cannot keep it (no usable storage): the form then reports the error.
     */
    async saveIfOffline(
      error: unknown,
      submission: Omit<PendingSubmission, "savedAt">,
    ): Promise<boolean> {
      if (!(error instanceof NetworkError) || !(await savePending(submission))) return false;
      setSaved({ key: submission.key, label: submission.label });
      sendWhenOnline();
      return true;
    },
    discard() {
      if (saved) void discardPending(saved.key);
    },
  };
}
