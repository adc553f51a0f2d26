#!/usr/bin/env node
/**
 * A consistent copy of the SQLite database while the API keeps running:
 *
 *   site-sqlite-backup /app/var/backups/site-2026-11-21.db
 *
 * In the image: `docker compose exec site node dist/cli/sqlite-backup.js DESTINATION`. `VACUUM INTO`
 * reads one snapshot inside a transaction, so the copy includes every committed write (also those still
 * in the -wal file) and nothing half-written; copying site.db with cp while the API runs does not
 * guarantee that. The copy is a single, compact file; it is then opened and checked with
 * `PRAGMA integrity_check`. The database is DATA_DIR/site.db, from the same configuration as the API.
 */
import { runOperatorCommand } from "./bootstrap.js";
import { sqliteBackupCommand } from "./commands/sqlite-backup.js";

await runOperatorCommand(sqliteBackupCommand);
