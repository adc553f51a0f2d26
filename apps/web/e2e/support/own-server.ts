import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The product as `npm start` runs it, on its own port, serving its own copy of the build. */
export interface OwnServer {
  baseUrl: string;
  /** The copy of build/client it serves: a test may change a file in it, as a new release would. */
  siteDir: string;
  stop: () => Promise<void>;
}

const webDir = fileURLToPath(new URL("../../", import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/**
 * Starts the API (apps/admin-api/dist/main.js) on a copy of the web build, with its own empty data and
 * mail folders, and waits until it answers. For tests that change what the server sends (a new release of
 * the service worker) without touching the suite's shared server.
 */
export async function startOwnServer(): Promise<OwnServer> {
  const root = mkdtempSync(join(tmpdir(), "site-e2e-own-"));
  const siteDir = join(root, "site");
  cpSync(join(webDir, "build/client"), siteDir, { recursive: true });
  mkdirSync(join(root, "data"));
  mkdirSync(join(root, "mail"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(webDir, "../admin-api/dist/main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_DIR: siteDir,
      DATA_DIR: join(root, "data"),
      MAIL_DIR: join(root, "mail"),
      CONTACT_INBOX: "inbox@firm.e2e.test",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the API did not answer on ${baseUrl} in 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    siteDir,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      rmSync(root, { recursive: true, force: true });
    },
  };
}
