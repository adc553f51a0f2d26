import type { SqliteIdempotency } from "../../common/idempotency/sqlite.js";
import type { InsertMails } from "../../mail/sqlite.js";
import type { InsertAudit } from "../../staff/sqlite.js";

/**
 * What a capability's writes call besides their own tables, on the same connection: the mails they
 * queue, the idempotency key they record and the audit entry they add, inside their own transaction.
 */
export interface SqliteWriteSeam {
  insertMails: InsertMails;
  idempotency: Pick<SqliteIdempotency, "replayOf" | "rememberKey">;
  insertAudit: InsertAudit;
}
