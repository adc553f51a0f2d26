import { closeSync, constants, fsync, fsyncSync, openSync } from "node:fs";
import { dirname } from "node:path";
import type Database from "better-sqlite3";

/**
 * Group commit: the writes that arrive together share one transaction and one fsync, and the fsync runs
 * on libuv's thread pool instead of the event loop.
 *
 * `write(fn)` queues `fn` (a synchronous function writing through the connection); the queue is written
 * on the next turn of the event loop (setImmediate: every request read in the same poll phase joins) as
 * one IMMEDIATE transaction, each item inside a SAVEPOINT of its own, so an item that throws rolls back
 * alone and rejects only its own promise. The transaction commits with `synchronous = NORMAL` (SQLite
 * writes the WAL frames and does not wait for the disk); then one `fsync` of the WAL file, off the event
 * loop, makes every batch committed before it durable, and only then are the batch's promises resolved.
 * One fsync is in flight at a time; batches committed meanwhile wait for the next one, which is where
 * batches of requests share a flush. So a write that resolves is on disk, as with `synchronous = FULL`;
 * the reasoning about checkpoints and WAL restarts is in docs/architecture.md ("Durable writes").
 *
 * Writes that do not go through here keep the connection's `synchronous = FULL`.
 */
export interface GroupCommit {
  /** Runs `fn` in the next batch; resolves with its result once the batch is on disk. */
  write<Result>(fn: () => Result): Promise<Result>;
  /** Throws the fsync failure that stopped writes, if one did (health checks call it). */
  check(): void;
  /** Counts since the start: how many writes shared how many transactions and fsyncs. */
  stats(): GroupCommitStats;
  /** Writes what is queued, waits until every batch is on disk, then closes the WAL's descriptor. */
  close(): Promise<void>;
}

export interface GroupCommitStats {
  /** Writes committed (a write that threw inside its savepoint is not counted). */
  writes: number;
  /** Transactions committed. */
  batches: number;
  /** fsyncs of the WAL completed. */
  flushes: number;
}

/** What the store reports after an fsync failed: later writes are refused until a restart. */
export class DurabilityLostError extends Error {
  constructor(cause: unknown) {
    super("The database could not flush its log to disk; writes are refused until a restart.", {
      cause,
    });
    this.name = "DurabilityLostError";
  }
}

interface Item {
  fn: () => unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  result?: unknown;
  /** It threw inside its savepoint, was rolled back alone and is already rejected. */
  failed?: true;
}

export function createGroupCommit(db: Database.Database, file: string): GroupCommit {
  // The WAL's own descriptor: SQLite keeps the WAL (same inode) while a connection is open, resets it
  // in place after a checkpoint and only deletes it when the last connection closes, after close().
  // For ":memory:" there is no file and nothing to flush.
  const walFd =
    file === ":memory:"
      ? null
      : openSync(`${file}-wal`, constants.O_RDWR | constants.O_CREAT, 0o600);
  if (walFd !== null) {
    // The WAL's directory entry must be durable too (SQLite syncs it only at its own first WAL sync).
    const directory = openSync(dirname(file), constants.O_RDONLY);
    try {
      fsyncSync(directory);
    } finally {
      closeSync(directory);
    }
  }

  let queue: Item[] = [];
  let scheduled = false;
  /** Committed, waiting for an fsync that starts after their commit. */
  let committed: Item[] = [];
  let syncing = false;
  let lost: DurabilityLostError | null = null;
  let idle: (() => void) | null = null;
  let closing = false;
  const counts: GroupCommitStats = { writes: 0, batches: 0, flushes: 0 };

  const batch = db.transaction((items: Item[]) => {
    for (const item of items) {
      try {
        item.result = inSavepoint(item.fn);
      } catch (error) {
        // Some errors (a full disk, an I/O error) make SQLite roll back the whole transaction: then the
        // batch fails as one, rather than the items after it committing on their own.
        if (!db.inTransaction) throw error;
        item.failed = true;
        item.reject(error);
      }
    }
  });
  // Nested inside `batch`, better-sqlite3 runs this as SAVEPOINT ... RELEASE, ROLLBACK TO on a throw.
  const inSavepoint = db.transaction((fn: () => unknown) => fn());
  // Prepared once: db.pragma() prepares its statement on every call.
  const noFsync = db.prepare("PRAGMA synchronous = NORMAL");
  const fsyncEach = db.prepare("PRAGMA synchronous = FULL");

  const settled = () => {
    if (!scheduled && !syncing && committed.length === 0 && queue.length === 0) idle?.();
  };

  function flush(): void {
    scheduled = false;
    const items = queue;
    queue = [];
    if (lost) {
      for (const item of items) item.reject(lost);
      return settled();
    }
    try {
      noFsync.run();
      try {
        batch.immediate(items);
      } finally {
        fsyncEach.run();
      }
    } catch (error) {
      // BEGIN or COMMIT failed: nothing of the batch is stored, every item fails with it.
      for (const item of items) if (!item.failed) item.reject(error);
      return settled();
    }
    counts.batches += 1;
    for (const item of items) {
      if (item.failed) continue;
      committed.push(item);
      counts.writes += 1;
    }
    syncCommitted();
  }

  function syncCommitted(): void {
    if (syncing || committed.length === 0) return settled();
    const items = committed;
    committed = [];
    if (walFd === null) {
      for (const item of items) item.resolve(item.result);
      return settled();
    }
    syncing = true;
    fsync(walFd, (error) => {
      syncing = false;
      if (error) {
        // After a failed fsync the kernel may have dropped the pages it could not write, and a later
        // fsync can succeed without them: nothing written from now on could be promised durable.
        lost ??= new DurabilityLostError(error);
        for (const item of items) item.reject(lost);
        for (const item of committed) item.reject(lost);
        committed = [];
        return settled();
      }
      counts.flushes += 1;
      for (const item of items) item.resolve(item.result);
      syncCommitted();
    });
  }

  return {
    write<Result>(fn: () => Result) {
      if (lost) return Promise.reject(lost);
      if (closing) return Promise.reject(new Error("The database is closed."));
      return new Promise<Result>((resolve, reject) => {
        queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    check() {
      if (lost) throw lost;
    },
    stats() {
      return { ...counts };
    },
    async close() {
      closing = true;
      await new Promise<void>((resolve) => {
        idle = resolve;
        settled();
      });
      if (walFd !== null) closeSync(walFd);
    },
  };
}
