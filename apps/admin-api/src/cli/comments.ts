#!/usr/bin/env node
/**
 * Blog comments for operators: the ones waiting for a decision, and deciding one by id (the same
 * decisions as the links in the firm's notification mail).
 *
 *   site-comments list                 pending comments, oldest first: id, post, date, name, text
 *   site-comments approve ID [ID...]   shown under its post (within COMMENT_THREAD_CACHE_MS)
 *   site-comments reject ID [ID...]    never shown
 *   site-comments spam ID [ID...]      never shown, marked as spam
 *
 * In the image: `docker compose exec site node dist/cli/comments.js list`; in a clone, after building the
 * API: `node apps/admin-api/dist/cli/comments.js list`. Works on either store, through the Store port.
 */
import type { CommentRecord } from "../ports/store.js";
import type { ModerationDecision } from "../domain/comment-links.js";
import { runOperatorCommand, type OperatorCommand } from "./bootstrap.js";

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

export const commentsCommand: OperatorCommand = {
  name: "comments",
  usage: `usage: site-comments list
       site-comments approve|reject|spam COMMENT_ID [COMMENT_ID...]`,
  accepts: ([command, ...args]) =>
    (command === "list" && args.length === 0) ||
    (command !== undefined && command in decisions && args.length > 0),
  async run([command, ...ids], { store }) {
    const opened = await store();
    if (command === "list") {
      const pending = await opened.listComments({ status: "pending" });
      for (const comment of pending) process.stdout.write(`${formatComment(comment)}\n`);
      process.stderr.write(`${pending.length} pending\n`);
      return 0;
    }
    const decision = decisions[command as string] as ModerationDecision;
    let unknown = 0;
    for (const id of ids) {
      const result = await opened.setCommentStatus(id, decision);
      if (result === "unknown") {
        unknown += 1;
        process.stderr.write(`comments: no such comment: ${id}\n`);
      } else {
        process.stdout.write(`${id}  ${result === "changed" ? decision : `already ${decision}`}\n`);
      }
    }
    return unknown > 0 ? 1 : 0;
  },
};

await runOperatorCommand(commentsCommand);
