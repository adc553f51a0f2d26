import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { runOperator, type OperatorCommand } from "../../src/cli/bootstrap.js";
import { commentsCommand } from "../../src/cli/commands/comments.js";
import { officeCommand } from "../../src/cli/commands/office.js";
import { outboxCommand } from "../../src/cli/commands/outbox.js";
import { personalDataCommand } from "../../src/cli/commands/personal-data.js";
import { sqliteBackupCommand } from "../../src/cli/commands/sqlite-backup.js";

const packageDir = fileURLToPath(new URL("../..", import.meta.url));

/**
 * firebase-admin looks for Google's metadata server (169.254.169.254, metadata.google.internal) to find
 * credentials; tests only ever talk to loopback, so that probe is switched off.
 */
export const noCloudMetadata = {
  METADATA_SERVER_DETECTION: "none",
  GCE_METADATA_HOST: "127.0.0.1:9",
};

/**
 * How the API's processes (src/main.ts, an operator command) load TypeScript: the package's light
 * module hooks (scripts/ts-thread-hooks.mjs, registered by scripts/tsx-in-threads.mjs: each module
 * compiled once by TypeScript and read back from a cache) rather than all of tsx, which a command's
 * process spent about 0.4 s of its 1.2 s loading (0.8-0.9 s with the hooks, warm cache), and main.ts's
 * about 0.45 s more than with the hooks.
 */
const typescriptHooks = ["--import", "./scripts/tsx-in-threads.mjs"];

/** Runs src/cli/<name>.ts as the image runs dist/cli/<name>.js, with only the given environment. */
export function operator(name: string, args: string[], env: Record<string, string>): OperatorRun {
  const result = spawnSync(process.execPath, [...typescriptHooks, `src/cli/${name}.ts`, ...args], {
    cwd: packageDir,
    env: { PATH: process.env.PATH ?? "", ...noCloudMetadata, ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** What an operator command answered: its exit code and what it wrote. */
export interface OperatorRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

const operatorCommands: Readonly<Record<string, OperatorCommand>> = {
  comments: commentsCommand,
  office: officeCommand,
  outbox: outboxCommand,
  "personal-data": personalDataCommand,
  "sqlite-backup": sqliteBackupCommand,
};

/**
 * Runs operator command `name` in this process, as its own process runs it before exiting
 * (runOperator in src/cli/bootstrap.ts, with only the given environment), and catches what it writes
 * to stdout and stderr meanwhile. A command's process costs about a second of CPU, mostly loading its
 * TypeScript; each command's test file still runs some of its cases as a process (operator above).
 */
export async function operatorHere(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<OperatorRun> {
  const command = operatorCommands[name];
  if (!command) throw new Error(`no operator command ${name}`);
  const written = { stdout: "", stderr: "" };
  const streams = { stdout: process.stdout, stderr: process.stderr };
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  for (const key of ["stdout", "stderr"] as const) {
    streams[key].write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      written[key] += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      const done = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof process.stdout.write;
  }
  try {
    const status = await runOperator(command, args, {
      PATH: process.env.PATH ?? "",
      ...noCloudMetadata,
      ...env,
    });
    return { status, ...written };
  } finally {
    streams.stdout.write = writes.stdout;
    streams.stderr.write = writes.stderr;
  }
}

/**
 * Runs src/main.ts as its own process, as `npm start` runs dist/main.js, with only the given environment.
 * `listening` resolves with the port from its "listening" log line.
 */
export function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, [...typescriptHooks, "src/main.ts"], {
    cwd: packageDir,
    env: { PATH: process.env.PATH ?? "", ...noCloudMetadata, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters: { msg: string; resolve(): void }[] = [];
  /** Resolves once the process has logged a line with this message. */
  const logged = (msg: string) =>
    lines.some((line) => line.msg === msg)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ msg, resolve }));
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const reader = createInterface({ input: child.stdout });
  const listening = new Promise<number>((resolve, reject) => {
    reader.on("line", (line) => {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        entry = { msg: line };
      }
      lines.push(entry);
      for (const waiter of waiters.filter((w) => w.msg === entry.msg)) waiter.resolve();
      if (entry.msg === "listening") resolve(entry.port as number);
    });
    child.on("exit", (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  return { child, lines, listening, logged, stderr: () => stderr };
}
