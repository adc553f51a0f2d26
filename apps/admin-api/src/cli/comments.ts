#!/usr/bin/env node
/**
 * Blog comments for operators: the ones waiting for a decision, and deciding one by id (the same
 * decisions as the links in the firm's notification mail).
 *
 *   site-comments list                 pending comments, oldest first: id, post, date, name, text
 *   site-comments approve ID [ID...]   shown under its post (within COMMENT_THREAD_CACHE_MS)
 *   site-comments reject ID [ID...]    never shown
 *   site-comments spam ID [ID...]      never shown, marked as spam
 *   site-comments approve --change ID  (any of the three) changes a decision made before
 *
 * Like a moderation link, a decision takes only a comment still pending: one decided meanwhile (by a
 * link of the firm's mail, or another operator, between `list` and the decision) keeps its decision,
 * and the command says what it was and when (exit code 1). Changing a decision is a deliberate act:
 * `--change` (a comment rejected by mistake, a spam approved by mistake).
 *
 * In the image: `docker compose exec site node dist/cli/comments.js list`; in a clone, after building the
 * API: `node apps/admin-api/dist/cli/comments.js list`. Works on either store, through the Store port.
 */
import { runOperatorCommand } from "./bootstrap.js";
import { commentsCommand } from "./commands/comments.js";

await runOperatorCommand(commentsCommand);
