import type {
  CommentAction,
  CommentDecision,
  CommentDecisionsAnswer,
  CommentQueueStatus,
} from "@site/shared/office";
import type { OfficeText } from "../../i18n/en";

/** Who decided a comment, in words: "in the office by …", "with a link in the firm's mail". */
export function deciderText(decision: CommentDecision | null, text: OfficeText): string {
  const by = text.comments.by;
  if (!decision?.by) return by.unknown;
  return decision.by === "office" ? by.office(decision.staff ?? "") : by[decision.by];
}

/** A comment's status with who decided it ("Rejected with a link in the firm's mail"). */
export function statusText(
  comment: { status: CommentQueueStatus; decision: CommentDecision | null },
  text: OfficeText,
): string {
  const status = text.comments.status[comment.status];
  return comment.status === "pending"
    ? status
    : text.comments.decided(status, deciderText(comment.decision, text));
}

/**
 * What a decision did, in sentences: how many took the action, then each comment that did not (decided
 * first, by a link or a colleague; not published; gone), named by its author.
 */
export function decisionReport(
  action: CommentAction,
  answer: CommentDecisionsAnswer,
  names: ReadonlyMap<string, string>,
  text: OfficeText,
): string[] {
  const t = text.comments;
  const done = answer.results.filter((result) => result.result === "done").length;
  const lines = done > 0 ? [t.done[action](done)] : [];
  let gone = 0;
  for (const result of answer.results) {
    const name = names.get(result.id) ?? result.id;
    if (result.result === "already-decided" && result.status)
      lines.push(
        t.alreadyDecided(name, t.statusWord[result.status], deciderText(result.decision, text)),
      );
    else if (result.result === "not-published") lines.push(t.notPublished(name));
    else if (result.result === "not-found") gone += 1;
  }
  if (gone > 0) lines.push(t.notFound(gone));
  return lines;
}
