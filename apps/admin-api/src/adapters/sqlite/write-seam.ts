import type { SqliteIdempotency } from "../../common/idempotency/sqlite.js";
import type { InsertMails } from "../../mail/sqlite.js";
import type { GroupCommit } from "./group-commit.js";

/**
 * What a capability's SQLite adapter writes through besides its own tables: the mails it queues and the
 * idempotency key it records inside its write, and the group commit that batches the write.
 */
export interface SqliteWriteSeam {
  insertMails: InsertMails;
  idempotency: SqliteIdempotency;
  commits: GroupCommit;
}
