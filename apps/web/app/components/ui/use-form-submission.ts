import { useRef, useState } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import type { ApiSuccess } from "@site/shared/schemas";
import { submissionKeys } from "../../lib/idempotency-key";
import type { PendingSubmission } from "../../lib/pending-submissions";
import type { FormOutcome } from "./form-parts";
import { useOfflineQueue } from "./use-offline-queue";

/** What an endpoint's mutation takes (submit-contact.ts, subscribe.ts, submit-comment.ts). */
export interface KeyedRequest<Request> {
  request: Request;
  idempotencyKey: string;
}

export interface FormSubmissionOptions<Request> {
  /** The endpoint's mutation; never retried by itself (the key makes a resend safe, not automatic). */
  mutation: UseMutationResult<ApiSuccess, Error, KeyedRequest<Request>>;
  /** The server accepted it (now, or later from the offline queue): clear the fields, return what to say. */
  accepted: (result: ApiSuccess) => string;
  /** It was refused or could not be sent (now, or later from the offline queue): return what to say. */
  refused: (error: unknown) => string;
  /**
   * When set, a submission that never reached the server is kept on the device and sent when the
   * connection returns (lib/pending-submissions.ts), and the form says `savedMessage`.
   */
  offline?: {
    kind: PendingSubmission["kind"];
    path: string;
    savedMessage: string;
    discardedMessage: string;
  };
}

/**
 * What every form does with a submission once its fields are valid: one request at a time, under an
 * idempotency key that stays the same while the same fields are sent again and is settled by a success;
 * the outcome said in the form's live regions (form-parts.tsx); with `offline`, the submission saved on
 * the device when the network is down, and its later fate (sent, refused, discarded) said when it comes.
 */
export function useFormSubmission<Request>({
  mutation,
  accepted,
  refused,
  offline,
}: FormSubmissionOptions<Request>) {
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const keys = useRef(submissionKeys()).current;
  const pending = mutation.isPending;

  const succeeded = (result: ApiSuccess) => {
    keys.settle();
    setOutcome({ tone: "success", message: accepted(result) });
  };
  const failed = (error: unknown) => setOutcome({ tone: "error", message: refused(error) });

  const queue = useOfflineQueue((later) => {
    if (later.state === "sent") succeeded(later.result);
    else if (later.state === "refused") failed(later.error);
    else if (offline) setOutcome({ tone: "info", message: offline.discardedMessage });
  });

  return {
    outcome,
    /** Says something of the form's own (a field the browser found wrong) or, with null, nothing. */
    setOutcome,
    pending,
    /** The submission waiting on this device, if any, and the way to drop it. */
    saved: queue.saved,
    discard: queue.discard,
    /** Sends `request` unless one is already out; `label` names it if it has to wait on the device. */
    submit(request: Request, label: string) {
      if (pending) return;
      setOutcome(null);
      const idempotencyKey = keys.keyFor(request);
      mutation.mutate(
        { request, idempotencyKey },
        {
          onSuccess: succeeded,
          onError: async (error) => {
            const saved =
              offline !== undefined &&
              (await queue.saveIfOffline(error, {
                key: idempotencyKey,
                kind: offline.kind,
                path: offline.path,
                body: request as object,
                label,
              }));
            if (saved && offline) setOutcome({ tone: "info", message: offline.savedMessage });
            else failed(error);
          },
        },
      );
    },
  };
}
