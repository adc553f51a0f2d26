// @ts-check
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const apiMain = fileURLToPath(new URL("../../admin-api/dist/main.js", import.meta.url));

/** @returns {Promise<number>} a port the OS says is free right now */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * @param {string} url
 * @param {number} timeoutMs
 * @param {() => string | undefined} exited  reports why the server process ended, if it did
 */
async function waitUntilUp(url, timeoutMs, exited) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = exited();
    if (reason) throw new Error(`The product exited before it was ready: ${reason}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The product did not answer ${url} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/**
 * Starts the built product the way `npm start` does (the API process serving the prerendered site)
 * on a free port with throwaway data and mail directories; `siteDir` serves another copy of the build
 * (a test that changes a file in it, as a new release would). `env` adds to (or overrides) the
 * variables above, given the address the product will answer at (SITE_URL, say); `echoStderr` copies
 * the product's standard error to this process's as it comes; `readyWithinMs` bounds the start.
 * @param {{
 *   siteDir?: string,
 *   env?: (baseUrl: string) => Record<string, string>,
 *   echoStderr?: boolean,
 *   readyWithinMs?: number,
 * }} [options]
 * @returns {Promise<{ baseUrl: string, stop: () => Promise<void> }>}
 */
export async function startProduct({ siteDir, env, echoStderr = false, readyWithinMs = 30_000 } = {}) {
  const port = await freePort();
  const root = await mkdtemp(join(tmpdir(), "site-perf-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  /** @type {string[]} */
  const stderr = [];
  const child = spawn(process.execPath, [apiMain], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: join(root, "data"),
      MAIL_DIR: join(root, "mail"),
      LOG_LEVEL: "warn",
      ...(siteDir ? { SITE_DIR: siteDir } : {}),
      ...env?.(baseUrl),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr.on("data", (chunk) => {
    stderr.push(String(chunk));
    if (echoStderr) process.stderr.write(chunk);
  });
  /** @type {string | undefined} */
  let exitReason;
  child.once("exit", (code, signal) => {
    exitReason = `code ${code ?? "-"}, signal ${signal ?? "-"}; stderr: ${stderr.join("").slice(-2000)}`;
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(root, { recursive: true, force: true });
  };

  try {
    await waitUntilUp(`${baseUrl}/api/health`, readyWithinMs, () => exitReason);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
