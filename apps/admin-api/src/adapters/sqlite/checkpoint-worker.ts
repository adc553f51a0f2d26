/**
 * The checkpoint thread (started by checkpointer.ts): its own connection to the database file runs a
 * PASSIVE checkpoint every `intervalMs`, and on request. PASSIVE never blocks writers; the busy timeout
 * covers the moment another connection holds the checkpoint lock.
 */
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import type {
  CheckpointResult,
  CheckpointWorkerData,
  FromCheckpointWorker,
  ToCheckpointWorker,
} from "./checkpointer.js";

if (!parentPort)
  throw new Error("checkpoint-worker.ts runs only as a worker thread (checkpointer.ts)");
const port = parentPort;
const { file, intervalMs } = workerData as CheckpointWorkerData;

const send = (message: FromCheckpointWorker) => port.postMessage(message);
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The thread's connection. Its errors leave the thread as plain Errors: better-sqlite3's SqliteError
 * would arrive at the parent's "error" event as `{ code }`, without its message.
 */
function open(): Database.Database {
  try {
    const db = new Database(file, { fileMustExist: true });
    db.pragma("busy_timeout = 5000");
    // A checkpoint syncs the WAL before copying it and the database file after (NORMAL or FULL; OFF
    // would skip both): the group commit's "on disk" relies on it once the WAL is reset (group-commit.ts).
    db.pragma("synchronous = NORMAL");
    return db;
  } catch (error) {
    throw new Error(`checkpoint thread cannot open ${file}: ${reason(error)}`, { cause: error });
  }
}
const db = open();

function checkpoint(): CheckpointResult {
  const [row] = db.pragma("wal_checkpoint(PASSIVE)") as CheckpointResult[];
  if (!row) throw new Error("wal_checkpoint answered nothing");
  return row;
}

const timer = setInterval(() => {
  try {
    checkpoint();
  } catch (error) {
    send({ type: "failed", message: reason(error) });
  }
}, intervalMs);

port.on("message", (message: ToCheckpointWorker) => {
  if (message.type === "checkpoint") {
    try {
      send({ type: "done", id: message.id, result: checkpoint() });
    } catch (error) {
      send({ type: "done", id: message.id, error: reason(error) });
    }
    return;
  }
  clearInterval(timer);
  db.close();
  port.close();
});
