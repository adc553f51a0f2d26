import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** sqlite's answer to `PRAGMA wal_checkpoint`: frames in the WAL, and how many reached the database. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface Checkpointer {
  /** One PASSIVE checkpoint now, on the checkpointer's thread. */
  checkpoint(): Promise<CheckpointResult>;
  /** Stops the thread and closes its connection. */
  stop(): Promise<void>;
}

/**
 * The thread's code, plain CommonJS evaluated by the Worker (so it runs the same under tsc output, tsx
 * and vitest). Its own connection to the file runs PASSIVE checkpoints, which never block writers.
 */
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("busy_timeout = 5000");
const run = () => db.pragma("wal_checkpoint(PASSIVE)")[0];
const timer = setInterval(() => {
  try { run(); } catch (error) { parentPort.postMessage({ type: "failed", message: String(error && error.message) }); }
}, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message.type === "checkpoint") {
    try { parentPort.postMessage({ type: "done", id: message.id, result: run() }); }
    catch (error) { parentPort.postMessage({ type: "done", id: message.id, error: String(error && error.message) }); }
  } else if (message.type === "stop") {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
`;

type FromWorker =
  | { type: "done"; id: number; result?: CheckpointResult; error?: string }
  | { type: "failed"; message: string };

/**
 * Moves WAL checkpoints off the event loop. A checkpoint copies pages into the database file and
 * fsyncs it: done by sqlite's automatic checkpoint inside a commit, that stalled a request for
 * milliseconds (tens, on a busy disk) every few hundred writes. Here a thread does it every
 * `intervalMs`; `onFailure` lets the store fall back to automatic checkpoints if the thread dies.
 */
export function startCheckpointer({
  file,
  intervalMs,
  onFailure,
}: {
  file: string;
  intervalMs: number;
  onFailure: (reason: string) => void;
}): Checkpointer {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(workerSource, { eval: true, workerData: { file, driver, intervalMs } });
  // A store someone forgot to close must not keep the process alive.
  worker.unref();

  let nextId = 0;
  let stopping = false;
  const pending = new Map<
    number,
    { resolve(result: CheckpointResult): void; reject(error: Error): void }
  >();
  const exited = new Promise<void>((resolve) => {
    worker.once("exit", (code) => {
      for (const { reject } of pending.values())
        reject(new Error("The checkpoint thread has stopped."));
      pending.clear();
      if (!stopping) onFailure(`checkpoint thread exited with code ${code}`);
      resolve();
    });
  });
  worker.on("error", (error) => {
    if (!stopping) onFailure(error.message);
  });
  worker.on("message", (message: FromWorker) => {
    if (message.type === "failed") {
      onFailure(message.message);
      return;
    }
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (!waiter) return;
    if (message.result) waiter.resolve(message.result);
    else waiter.reject(new Error(message.error ?? "checkpoint failed"));
  });

  return {
    checkpoint() {
      if (stopping) return Promise.reject(new Error("The checkpoint thread has stopped."));
      const id = (nextId += 1);
      return new Promise<CheckpointResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ type: "checkpoint", id });
      });
    },
    async stop() {
      if (!stopping) {
        stopping = true;
        // Referenced again while it winds down: otherwise, at shutdown, with the server closed and
        // nothing else pending, the process would end before the thread (and close()) finished.
        worker.ref();
        worker.postMessage({ type: "stop" });
      }
      await exited;
    },
  };
}
