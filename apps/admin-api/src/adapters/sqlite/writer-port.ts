import type { GroupCommitStats } from "./group-commit.js";

/** Writes by name, each taking and returning plain data (write-commands.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command names its own argument
export type Commands = Record<string, (args: any) => unknown>;

/**
 * The submissions' writes, batched by the group commit (group-commit.ts): each resolves with its result
 * once the batch holding it is on disk. A capability's adapter sees the writer of its own commands;
 * writer.ts runs them all, on a thread of its own for a database file.
 */
export interface SqliteWriter<Writes extends Commands = Commands> {
  run<Name extends keyof Writes & string>(
    name: Name,
    args: Parameters<Writes[Name]>[0],
  ): Promise<ReturnType<Writes[Name]>>;
  /** Throws what stopped writes (a failed fsync, the thread gone), if anything did. */
  check(): void;
  /** The group commit's counts, as of the last answer from the thread. */
  stats(): GroupCommitStats;
  /** Writes what is queued, waits until it is on disk, then stops the thread and its connection. */
  close(): Promise<void>;
}
