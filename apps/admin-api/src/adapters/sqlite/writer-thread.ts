/**
 * The writer thread (started by writer.ts): its own connection to the database file runs the writes it
 * is sent (write-commands.ts) through a group commit (group-commit.ts), and sends each write's result,
 * or its error, once the batch holding it is on disk. The main thread's connection keeps the reads and
 * the office's own writes; both connections share the file's WAL and its write lock (busy timeout).
 */
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { createGroupCommit } from "./group-commit.js";
import { createWriteCommands } from "./write-commands.js";
import {
  toWireError,
  type FromWriterThread,
  type ToWriterThread,
  type WriteOutcome,
  type WriterThreadData,
} from "./writer.js";

if (!parentPort) throw new Error("writer-thread.ts runs only as a worker thread (writer.ts)");
const port = parentPort;
const { file, autocheckpoint } = workerData as WriterThreadData;

/** The same settings as the main connection's (sqlite-store.ts says why each). */
function open(): Database.Database {
  const db = new Database(file, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  db.pragma("synchronous = FULL");
  db.pragma("temp_store = MEMORY");
  db.pragma("journal_size_limit = 67108864");
  if (!autocheckpoint) db.pragma("wal_autocheckpoint = 0");
  return db;
}
const db = open();
const commands = createWriteCommands(db);
const commits = createGroupCommit(db, file);

let outcomes: WriteOutcome[] = [];
let scheduled = false;
const answer = () => {
  scheduled = false;
  if (outcomes.length === 0) return;
  const message: FromWriterThread = { type: "done", outcomes, stats: commits.stats() };
  outcomes = [];
  port.postMessage(message);
};
/** The outcomes of one flush (resolved together) cross back in one message. */
const settle = (outcome: WriteOutcome) => {
  outcomes.push(outcome);
  if (!scheduled) {
    scheduled = true;
    setImmediate(answer);
  }
};

port.on("message", (message: ToWriterThread) => {
  if (message.type === "writes") {
    for (const { id, name, args } of message.writes) {
      const command = commands[name] as (args: unknown) => unknown;
      commits
        .write(() => command(args))
        .then(
          (value) => settle({ id, value }),
          (error: unknown) => settle({ id, error: toWireError(error) }),
        );
    }
    return;
  }
  if (message.type === "autocheckpoint") {
    db.pragma(`wal_autocheckpoint = ${message.pages}`);
    return;
  }
  void commits.close().then(() => {
    answer();
    db.close();
    port.close();
  });
});
