import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Where one e2e run's server listens and keeps its state. */
export interface E2eRun {
  port: number;
  baseUrl: string;
  /** Parent of dataDir and mailDir; removed when the runner exits (unless E2E_KEEP_STATE is set). */
  rootDir: string;
  dataDir: string;
  mailDir: string;
  /** The firm's inbox the API notifies of each contact. */
  contactInbox: string;
}

const RUN_KEY = "SITE_E2E_RUN";

/**
 * A free port, asked of the OS by a short-lived child: the config is evaluated synchronously, and the
 * port must be known before the web server starts. The tiny window between closing and reuse is
 * harmless on a test machine.
 */
function freePort(): number {
  const probe = spawnSync(
    process.execPath,
    [
      "-e",
      "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});",
    ],
    { encoding: "utf8" },
  );
  const port = Number(probe.stdout);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error(`Could not find a free port: ${probe.stderr}`);
  return port;
}

/**
 * The run's settings. Playwright evaluates the config in the runner and again in every worker; the
 * runner creates the settings once and leaves them in its environment, which the workers inherit, so
 * all processes agree on one port and one set of directories.
 */
export function e2eRun(env: NodeJS.ProcessEnv = process.env): E2eRun {
  const existing = env[RUN_KEY];
  if (existing) return JSON.parse(existing) as E2eRun;
  const port = freePort();
  const rootDir = mkdtempSync(join(tmpdir(), "site-e2e-"));
  const run: E2eRun = {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    rootDir,
    dataDir: join(rootDir, "data"),
    mailDir: join(rootDir, "mail"),
    contactInbox: "inbox@firm.e2e.test",
  };
  mkdirSync(run.dataDir);
  mkdirSync(run.mailDir);
  env[RUN_KEY] = JSON.stringify(run);
  // On exit, after Playwright has stopped the server; also covers `--list`, which runs no teardown.
  if (!env.E2E_KEEP_STATE)
    process.once("exit", () => rmSync(rootDir, { recursive: true, force: true }));
  return run;
}
