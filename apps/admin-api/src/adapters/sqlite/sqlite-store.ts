import { dirname } from "node:path";
import Database from "better-sqlite3";
import { createSqliteComments } from "../../comments/sqlite.js";
import { createSqliteContacts } from "../../contacts/sqlite.js";
import { createSqliteMail } from "../../mail/sqlite.js";
import { createSqliteOutboxOffice } from "./outbox-office.js";
import { createSqliteSubscriptions } from "../../newsletter/sqlite.js";
import { createSqlitePersonalData } from "../../personal-data/sqlite.js";
import type { Store } from "../../ports/store.js";
import { createSqliteIdempotency } from "../../common/idempotency/sqlite.js";
import { createSqliteAudit, createSqliteStaff } from "../../staff/sqlite.js";
import { createSqliteLeads } from "../../leads/sqlite.js";
import { createSqliteSubscriberOffice } from "../../newsletter/sqlite-office.js";
import { startCheckpointer, type CheckpointResult } from "./checkpointer.js";
import type { GroupCommitStats } from "./group-commit.js";
import { createInThreadWriter, startWriterThread } from "./writer.js";
import { migrate } from "./migrations.js";
import {
  makeExistingFilesPrivate,
  ensurePrivateDirectory,
  ensurePrivateFile,
} from "../private-files.js";

export interface SqliteStoreOptions {
  /** Path of the database file (its folder is created), or ":memory:". */
  file: string;
  /** Server time for createdAt/updatedAt; injectable so tests can control it. */
  now?: () => number;
  /** How often the background thread checkpoints the WAL into the database file. */
  checkpointIntervalMs?: number;
}

export interface SqliteStore extends Store {
  /** Checkpoints the WAL into the database file now (before a file-level backup, say). */
  checkpoint(): Promise<CheckpointResult>;
  /** How many submissions shared how many transactions and fsyncs (group-commit.ts); the bench prints it. */
  writeStats(): GroupCommitStats;
}

/** sqlite's own default: checkpoint from inside a commit once the WAL holds this many pages. */
const automaticCheckpointPages = 1000;

/** The Store on one SQLite file (WAL), schema migrated on open: every capability's adapter on one connection. */
export function createSqliteStore({
  file,
  now = Date.now,
  checkpointIntervalMs = 1000,
}: SqliteStoreOptions): SqliteStore {
  if (file !== ":memory:") {
    // People's data: the folder and the file are the service's alone (the WAL and SHM follow the file).
    ensurePrivateDirectory(dirname(file));
    ensurePrivateFile(file);
    makeExistingFilesPrivate([`${file}-wal`, `${file}-shm`]);
  }
  const db = new Database(file);
  // Another process (a second instance, an operator's sqlite3 shell) may hold the write lock briefly;
  // set first, so that switching a new file to WAL waits for it too.
  db.pragma("busy_timeout = 5000");
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  // FULL: every commit is fsynced to the WAL before it returns, so what the API answered for survives a
  // power cut or an OS crash too (NORMAL would survive only a crash of the process). The submissions
  // (contacts, subscriptions, comments, queued mail) go through the group commit instead (group-commit.ts):
  // they commit with NORMAL in shared batches and are answered after one fsync off the event loop, which
  // gives the same promise. The outbox's bookkeeping opts out of the fsync (withoutFsync in mail/sqlite.ts).
  db.pragma("synchronous = FULL");
  // After a checkpoint the WAL is reused from its start; this bounds the file it leaves on disk.
  db.pragma("journal_size_limit = 67108864");
  // Savepoint and statement journals (the old content of each page a savepoint changes, kept to roll it
  // back: every write of a group commit's batch is one) and temporary sorts in memory, not in temporary
  // files. Past 64 KiB in a transaction SQLite spilled them to a file, so a batch of contacts wrote every
  // page it touched there too: about 55 pwrite calls per contact, beside its ~13 WAL
  // writes (strace, 2,000 contacts through the API). They never serve recovery after a crash (the WAL
  // does), and they hold no more than the pages one transaction changes.
  db.pragma("temp_store = MEMORY");
  migrate(db);

  // The submissions' writes run on a thread of their own, with its own connection (writer.ts); for
  // ":memory:", which only this connection can see, on this thread. The writer's connection leaves
  // checkpoints to the checkpoint thread below, as this one does.
  const threadWriter =
    file === ":memory:" ? null : startWriterThread({ file, autocheckpoint: false });
  const writer = threadWriter ?? createInThreadWriter(db, file);

  // Checkpoints run on a thread of their own (see checkpointer.ts); if it fails, sqlite's automatic
  // checkpoints take over again, on both connections, so the WAL can never grow without bound.
  const checkpointer =
    file === ":memory:"
      ? null
      : startCheckpointer({
          file,
          intervalMs: checkpointIntervalMs,
          onFailure: () => {
            if (db.open) db.pragma(`wal_autocheckpoint = ${automaticCheckpointPages}`);
            threadWriter?.checkpointAutomatically(automaticCheckpointPages);
          },
        });
  if (checkpointer) db.pragma("wal_autocheckpoint = 0");

  // Each capability's adapter on the one connection for its reads and the office's writes; the
  // submissions' writes through the writer. The office's writes queue mails and record their audit
  // entries inside their own transaction through `office`.
  const mail = createSqliteMail(db, now, writer);
  const idempotency = createSqliteIdempotency(db);
  const office = { insertMails: mail.insertMails, insertAudit: createSqliteAudit(db) };
  const ping = db.prepare(`SELECT 1`);

  let closed = false;

  return {
    ...createSqliteContacts(db, now, writer),
    ...createSqliteSubscriptions(db, now, writer),
    ...createSqliteComments(db, now, writer),
    ...mail.store,
    ...createSqliteOutboxOffice(db, office),
    ...createSqlitePersonalData(db, now, office),
    ...createSqliteStaff(db, now, office),
    ...createSqliteLeads(db, now, office),
    ...createSqliteSubscriberOffice(db, now, office),
    async purgeIdempotencyKeys(before) {
      return idempotency.purgeIdempotencyKeys(before);
    },
    async ping() {
      writer.check();
      ping.get();
    },
    writeStats: () => writer.stats(),
    async checkpoint() {
      if (checkpointer) return checkpointer.checkpoint();
      const [busy = 0, log = 0, checkpointed = 0] = Object.values(
        (db.pragma("wal_checkpoint(PASSIVE)") as Record<string, number>[])[0] ?? {},
      );
      return { busy, log, checkpointed };
    },
    async close() {
      if (closed) return;
      closed = true;
      // What is queued is written and flushed first: requests still in flight get their answer.
      await writer.close();
      // The thread's connection closes first, so this last one checkpoints everything and removes the WAL.
      await checkpointer?.stop();
      db.close();
    },
  };
}
