import type Database from "better-sqlite3";
import { createCommentWrites } from "../../comments/sqlite.js";
import { createContactWrites } from "../../contacts/sqlite.js";
import { createSqliteIdempotency } from "../../common/idempotency/sqlite.js";
import { createSqliteMailInserts, type MailWrites } from "../../mail/sqlite.js";
import { createSubscriptionWrites } from "../../newsletter/sqlite.js";
import { createSqliteAudit } from "../../staff/sqlite.js";

/**
 * Every write the writer batches (writer.ts), by name, on one connection: the submissions (a contact, a
 * subscription, a comment, each with its mails and idempotency key), their follow-ups (unsubscribe,
 * resubscribe), the office's comment decisions and a single queued mail. Each takes and returns plain
 * data, so it runs the same on the writer's thread as on the main one; the caller passes the time (`at`)
 * from its own clock, and composes the mails before the write.
 */
export function createWriteCommands(db: Database.Database) {
  const { insertMail, insertMails } = createSqliteMailInserts(db);
  const seam = {
    insertMails,
    idempotency: createSqliteIdempotency(db),
    insertAudit: createSqliteAudit(db),
  };
  return {
    ...createContactWrites(db, seam),
    ...createSubscriptionWrites(db, seam),
    ...createCommentWrites(db, seam),
    ...({
      queueMail: ({ mail, at }) => ({ id: insertMail(mail, mail.meta.contactId ?? null, at) }),
    } satisfies MailWrites),
  };
}

export type WriteCommands = ReturnType<typeof createWriteCommands>;
export type WriteName = keyof WriteCommands;
export type WriteArgs<Name extends WriteName> = Parameters<WriteCommands[Name]>[0];
export type WriteResult<Name extends WriteName> = ReturnType<WriteCommands[Name]>;
