// What `site-comments` does (src/cli/comments.ts runs it as a process; its comment says how to use it).
import type { CommentRecord } from "../../ports/store.js";
import type { ModerationDecision } from "../../comments/moderation-links.js";
import { decideComment } from "../../comments/service.js";
import type { OperatorCommand } from "../bootstrap.js";

const decisions: Readonly<Record<string, ModerationDecision>> = {
  approve: "approved",
  reject: "rejected",
  spam: "spam",
};

/** One line per comment: its text on one line, cut at 120 characters (the whole text is in the mail). */
export function formatComment(comment: CommentRecord): string {
  const text = comment.text.replace(/\s+/g, " ").trim();
  const short = text.length > 120 ? `${text.slice(0, 119)}…` : text;
  return `${comment.id}  ${comment.post}  ${comment.createdAt.toISOString()}  ${comment.name.replace(/\s+/g, " ")}: ${short}`;
}

const changeFlag = "--change";

/** When a decided comment was decided (moderatedAt), as the list prints dates. */
const decidedAt = (comment: CommentRecord) =>
  comment.moderatedAt ? ` at ${comment.moderatedAt.toISOString()}` : "";

export const commentsCommand: OperatorCommand = {
  name: "comments",
  usage: `usage: site-comments list
       site-comments approve|reject|spam [--change] COMMENT_ID [COMMENT_ID...]`,
  accepts: ([command, ...args]) => {
    if (command === "list") return args.length === 0;
    const ids = args.filter((arg) => arg !== changeFlag);
    return (
      command !== undefined &&
      command in decisions &&
      ids.length > 0 &&
      ids.every((id) => !id.startsWith("-"))
    );
  },
  async run([command, ...args], { store }) {
    const opened = await store();
    if (command === "list") {
      const pending = await opened.listComments({ status: "pending" });
      for (const comment of pending) process.stdout.write(`${formatComment(comment)}\n`);
      process.stderr.write(`${pending.length} pending\n`);
      return 0;
    }
    const decision = decisions[command as string] as ModerationDecision;
    const change = args.includes(changeFlag);
    let failed = 0;
    for (const id of args.filter((arg) => arg !== changeFlag)) {
      const outcome = await decideComment(opened, id, decision, { change, by: { via: "command" } });
      switch (outcome.kind) {
        case "decided":
          process.stdout.write(`${id}  ${decision}\n`);
          break;
        case "changed":
          process.stdout.write(
            `${id}  ${decision} (was ${outcome.was.status}${decidedAt(outcome.was)})\n`,
          );
          break;
        case "kept":
          if (outcome.comment.status === decision) {
            process.stdout.write(`${id}  already ${decision}${decidedAt(outcome.comment)}\n`);
          } else {
            failed += 1;
            process.stderr.write(
              `comments: ${id} was ${outcome.comment.status}${decidedAt(outcome.comment)}; kept ` +
                `(to make it ${decision}: site-comments ${command} ${changeFlag} ${id})\n`,
            );
          }
          break;
        case "unknown":
          failed += 1;
          process.stderr.write(`comments: no such comment: ${id}\n`);
          break;
      }
    }
    return failed > 0 ? 1 : 0;
  },
};
