import { useRef, useState } from "react";
import type { CommentAction } from "@site/shared/office";
import { useText } from "../../i18n/text";

/**
 * The buttons of an action on some comments. Approving is done at once (hiding undoes it); rejecting,
 * marking as spam and hiding ask first, in place: the confirmation takes focus, Cancel gives it back.
 */
export function DecisionButtons({
  ids,
  actions,
  labels,
  onDecide,
  busy,
}: {
  ids: string[];
  actions: CommentAction[];
  /** Each button's accessible name when its visible word is not enough (a row's "Approve the comment by …"). */
  labels?: Partial<Record<CommentAction, string>>;
  onDecide: (action: CommentAction, ids: string[]) => void;
  busy: boolean;
}) {
  const text = useText();
  const t = text.comments;
  const [confirming, setConfirming] = useState<CommentAction | null>(null);
  // After Cancel, the button that asked takes the focus back (it is a new element by then).
  const refocus = useRef<CommentAction | null>(null);
  const question = {
    approve: undefined,
    reject: t.confirmReject,
    spam: t.confirmSpam,
    hide: t.confirmHide,
  } as const;

  if (confirming) {
    const ask = question[confirming];
    return (
      <div role="group" aria-label={labels?.[confirming] ?? t[confirming]} className="confirm">
        <p>{ask?.(ids.length)}</p>
        <button
          type="button"
          className="button-danger"
          ref={(element) => element?.focus()}
          disabled={busy}
          onClick={() => {
            setConfirming(null);
            onDecide(confirming, ids);
          }}
        >
          {t.confirm}
        </button>
        <button
          type="button"
          className="button-quiet"
          onClick={() => {
            refocus.current = confirming;
            setConfirming(null);
          }}
        >
          {t.cancel}
        </button>
      </div>
    );
  }
  return (
    <div className="confirm">
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={action === "approve" ? undefined : "button-quiet"}
          aria-label={labels?.[action]}
          disabled={busy || ids.length === 0}
          ref={(element) => {
            if (element && refocus.current === action) {
              refocus.current = null;
              element.focus();
            }
          }}
          onClick={() => {
            if (action === "approve") onDecide(action, ids);
            else setConfirming(action);
          }}
        >
          {t[action]}
        </button>
      ))}
    </div>
  );
}
