import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";
import { IdempotencyKeyReusedError } from "../../common/idempotency/port.js";
import { createGroupCommit, DurabilityLostError, type GroupCommitStats } from "./group-commit.js";
import { threadModule } from "./thread-module.js";
import type { SqliteWriter as Writer } from "./writer-port.js";
import {
  createWriteCommands,
  type WriteCommands,
  type WriteArgs,
  type WriteName,
  type WriteResult,
} from "./write-commands.js";

/**
 * The writer (writer-port.ts) of every command of write-commands.ts. On a database file the writes run on
 * a thread of their own with its own connection (writer-thread.ts), so neither their SQLite statements
 * nor the batches' commits take the event loop's time: it keeps answering pages, health checks and reads
 * while a burst of posts is written. docs/architecture.md ("Durable writes") has the figures.
 */
export type SqliteWriter = Writer<WriteCommands>;

/** What the thread is started with (writer-thread.ts). */
export interface WriterThreadData {
  file: string;
  /** False while the checkpoint thread checkpoints (the connection's own checkpoints are off). */
  autocheckpoint: boolean;
}

export interface WriteRequest {
  id: number;
  name: WriteName;
  args: unknown;
}

export type ToWriterThread =
  | { type: "writes"; writes: WriteRequest[] }
  | { type: "autocheckpoint"; pages: number }
  | { type: "close" };

/** An error as it crosses between threads: what the API's answers and logs need of it. */
export interface WireError {
  name: string;
  message: string;
  code?: string;
}

export type WriteOutcome = { id: number; value: unknown } | { id: number; error: WireError };

export type FromWriterThread = { type: "done"; outcomes: WriteOutcome[]; stats: GroupCommitStats };

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === "string" ? { code } : {}),
  };
}

/** The same error again on this side: the classes the API tells apart, the rest as plain Errors. */
export function fromWireError(wire: WireError): Error {
  if (wire.name === "IdempotencyKeyReusedError") return new IdempotencyKeyReusedError();
  if (wire.name === "DurabilityLostError") return new DurabilityLostError(wire.message);
  const error = new Error(wire.message) as Error & { code?: string };
  error.name = wire.name;
  if (wire.code !== undefined) error.code = wire.code;
  return error;
}

/** The writes on this thread, on the store's own connection: for ":memory:", which no thread can open. */
export function createInThreadWriter(db: Database.Database, file: string): SqliteWriter {
  const commands = createWriteCommands(db);
  const commits = createGroupCommit(db, file);
  return {
    run<Name extends WriteName>(name: Name, args: WriteArgs<Name>) {
      const command = commands[name] as (args: WriteArgs<Name>) => WriteResult<Name>;
      return commits.write(() => command(args));
    },
    check: () => commits.check(),
    stats: () => commits.stats(),
    close: () => commits.close(),
  };
}

/** The writes on a thread of their own (writer-thread.ts), on a second connection to `file`. */
export function startWriterThread({ file, autocheckpoint }: WriterThreadData): SqliteWriter & {
  /** The checkpoint thread stopped: the writer's connection checkpoints on its own again. */
  checkpointAutomatically(pages: number): void;
} {
  const { url, execArgv } = threadModule("writer-thread");
  const workerData: WriterThreadData = { file, autocheckpoint };
  const worker = new Worker(url, { workerData, execArgv });
  // Referenced only while a write waits for its answer: an idle store must not keep the process alive,
  // and a command that writes and then ends must not end before its write is answered.
  worker.unref();

  let nextId = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let outgoing: WriteRequest[] = [];
  let scheduled = false;
  let stopped: Error | null = null;
  let closing = false;
  let lastStats: GroupCommitStats = { writes: 0, batches: 0, flushes: 0 };
  let lost: Error | null = null;
  let threadError: Error | null = null;

  const post = (message: ToWriterThread) => worker.postMessage(message);
  const refuse = (id: number, error: unknown) => {
    pending.get(id)?.reject(error instanceof Error ? error : new Error(String(error)));
    pending.delete(id);
    if (pending.size === 0 && !closing) worker.unref();
  };
  const send = () => {
    scheduled = false;
    if (outgoing.length === 0) return;
    const writes = outgoing;
    outgoing = [];
    try {
      post({ type: "writes", writes });
    } catch {
      // A write holding what cannot be copied to the thread (a function, say) fails alone, not its turn.
      for (const write of writes) {
        try {
          post({ type: "writes", writes: [write] });
        } catch (error) {
          refuse(write.id, error);
        }
      }
    }
  };

  const exited = new Promise<void>((resolve) => {
    worker.once("exit", (code) => {
      if (!closing || pending.size > 0) {
        const why = threadError ? `: ${threadError.message}` : ` (exit code ${code})`;
        stopped = new Error(
          `The database's writer thread stopped${why}; writes are refused until a restart.`,
        );
      }
      for (const { reject } of pending.values())
        reject(stopped ?? new Error("The database is closed."));
      pending.clear();
      resolve();
    });
  });
  worker.on("error", (error) => {
    threadError = error;
  });
  worker.on("message", (message: FromWriterThread) => {
    lastStats = message.stats;
    for (const outcome of message.outcomes) {
      if ("error" in outcome) {
        const error = fromWireError(outcome.error);
        if (error instanceof DurabilityLostError) lost ??= error;
        refuse(outcome.id, error);
        continue;
      }
      pending.get(outcome.id)?.resolve(outcome.value);
      pending.delete(outcome.id);
    }
    if (pending.size === 0 && !closing) worker.unref();
  });

  return {
    run<Name extends WriteName>(name: Name, args: WriteArgs<Name>) {
      const refused = lost ?? stopped ?? (closing ? new Error("The database is closed.") : null);
      if (refused) return Promise.reject(refused);
      const id = (nextId += 1);
      return new Promise<WriteResult<Name>>((resolve, reject) => {
        if (pending.size === 0) worker.ref();
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        outgoing.push({ id, name, args });
        if (!scheduled) {
          scheduled = true;
          // Every write of this turn of the event loop crosses to the thread in one message.
          setImmediate(send);
        }
      });
    },
    check() {
      const refused = lost ?? stopped;
      if (refused) throw refused;
    },
    stats: () => ({ ...lastStats }),
    checkpointAutomatically(pages) {
      if (!closing && !stopped) post({ type: "autocheckpoint", pages });
    },
    async close() {
      if (!closing) {
        closing = true;
        // Referenced while it winds down: at shutdown nothing else may be keeping the process alive.
        worker.ref();
        send();
        post({ type: "close" });
      }
      await exited;
    },
  };
}
