import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repo root: this file is tooling/ops/test/support/repo.ts. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

export const repoPath = (...parts: string[]): string => resolve(repoRoot, ...parts);

export const readRepoFile = (...parts: string[]): string => readFileSync(repoPath(...parts), "utf8");

/**
 * A minimal environment for child processes: the host's own settings (a developer's SMTP_URL, a CI's
 * STORE) must not leak into what the checks see.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // pnpm's store and metadata cache follow the XDG folders: kept, so a run can start them cold.
  const keep = ["PATH", "HOME", "TMPDIR", "LANG", "npm_config_cache", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"];
  const env: NodeJS.ProcessEnv = {};
  for (const key of keep) if (process.env[key] !== undefined) env[key] = process.env[key];
  return {
    ...env,
    // firebase-admin (Google's auth library) otherwise probes the GCE metadata server (169.254.169.254
    // and metadata.google.internal) to find credentials; a test talks to loopback only.
    METADATA_SERVER_DETECTION: "none",
    GCE_METADATA_HOST: "127.0.0.1:9",
    ...extra,
  };
}

/** Runs a command to completion (bounded) and returns its output; never throws on a non-zero exit. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): SpawnSyncReturns<string> {
  return spawnSync(command, args, {
    cwd: options.cwd ?? repoRoot,
    env: options.env ?? cleanEnv(),
    encoding: "utf8",
    timeout: options.timeoutMs ?? 60_000,
    maxBuffer: 32 * 1024 * 1024,
  });
}

/** A port that was free a moment ago on 127.0.0.1, for programs that cannot report the one they took. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Polls until `check` resolves true, the child exits, or the deadline passes. Polling is the only way to
 * learn that another process (a JVM, the deployed API) is ready; every wait is bounded.
 */
export async function waitUntil(
  check: () => Promise<boolean>,
  { timeoutMs, child, what }: { timeoutMs: number; child?: ChildProcess; what: string },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what}: the process exited with ${child.exitCode}`);
    if (await check().catch(() => false)) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms`);
}

/** A child process in its own process group, with its output kept for error messages. */
export function startProcess(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, { ...options, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output: () => output };
}

/**
 * Stops a process started by startProcess: SIGTERM to its group (the emulator's launcher script starts a
 * JVM beneath it), then SIGKILL if it has not exited within `graceMs`. Resolves with the exit code.
 */
export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup("SIGTERM");
  const timer = setTimeout(() => signalGroup("SIGKILL"), graceMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}
