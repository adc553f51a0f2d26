import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthcheckCommand, runtimeEnv, startCommand } from "./support/dockerfile.js";
import { firestoreEmulatorInstalled, startFirestoreEmulator, type FirestoreEmulator } from "./support/firestore-emulator.js";
import { cleanEnv, freePort, repoPath, run, startProcess, stopProcess, waitUntil } from "./support/repo.js";

/**
 * The image's build steps run as plain commands (no Docker engine here): the Dockerfile's build stage
 * RUNs scripts/docker-build.sh (dockerfile.test.ts holds it to that), and these suites run its `assemble`
 * step into a temporary directory laid out like the image's /app, then start the API from there as the
 * image's CMD would. The assembled app is shared by the suites below (assembling takes a few seconds).
 */
let workDir = "";
let app = "";

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "ops-image-"));
  app = join(workDir, "app");
  const assembled = run("sh", ["scripts/docker-build.sh", "assemble", app], { env: cleanEnv({ CI: "true" }), timeoutMs: 90_000 });
  if (assembled.status !== 0) {
    throw new Error(`docker-build.sh assemble failed (${assembled.status}):\n${assembled.stdout}\n${assembled.stderr}`);
  }
});

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

interface RunningApi {
  child: ChildProcess;
  baseUrl: string;
  port: number;
}

/**
 * Starts the image's CMD in the assembled app with the image's ENV, only with paths under `varDir`, an
 * ephemeral port on 127.0.0.1, and `overrides`. Resolves once the API logs the port it listens on.
 */
async function startApi(varDir: string, overrides: Record<string, string> = {}): Promise<RunningApi> {
  const [command = "node", ...args] = startCommand();
  const { child, output } = startProcess(command, args, {
    cwd: app,
    env: cleanEnv({
      ...runtimeEnv(),
      HOST: "127.0.0.1",
      PORT: "0",
      SITE_DIR: join(app, "site"),
      DATA_DIR: join(varDir, "data"),
      MAIL_DIR: join(varDir, "mail"),
      ADMIN_API_TOKEN: adminToken,
      ...overrides,
    }),
  });
  let port = 0;
  await waitUntil(
    async () => {
      port = Number(/"port":(\d+)\D[^\n]*"msg":"listening"/.exec(output())?.[1] ?? 0);
      return port > 0;
    },
    { timeoutMs: 30_000, child, what: `the assembled API\n${output()}` },
  );
  return { child, port, baseUrl: `http://127.0.0.1:${port}` };
}

/** The outbox figures of /api/ready are shown only to the admin token's holder. */
const adminToken = "ops-test-admin-token-0123456789abcdef";
const readyAsAdmin = (baseUrl: string) =>
  fetch(`${baseUrl}/api/ready`, { headers: { authorization: `Bearer ${adminToken}` } });

const postJson = (url: string, body: object) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** Settings under which mail fails for good at once: an SMTP port nobody listens on, one attempt. */
const failingMail = async (): Promise<Record<string, string>> => ({
  SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
  MAIL_MAX_ATTEMPTS: "1",
  MAIL_POLL_INTERVAL_MS: "100",
});

/**
 * Posts a contact (two mails queued) and waits until /api/ready counts `failed` mails as failed: those two,
 * plus any queued before (a subscription's welcome mail).
 */
async function contactWithFailedMails(api: RunningApi, email: string, failed = 2): Promise<void> {
  const contact = await postJson(`${api.baseUrl}/api/contacts`, {
    name: "Ops Check",
    email,
    subject: "Outbox check",
    description: "Checking that failed mail can be seen and retried.",
  });
  expect(contact.status).toBe(201);
  await waitUntil(
    async () => {
      const ready = (await (await readyAsAdmin(api.baseUrl)).json()) as { outbox?: { failed?: number } };
      return ready.outbox?.failed === failed;
    },
    { timeoutMs: 30_000, child: api.child, what: `${failed} mails failing` },
  );
}

/** Starts the API without SMTP_URL and waits until the worker has written `count` .eml files. */
async function deliverAsEml(varDir: string, count: number, overrides: Record<string, string> = {}): Promise<void> {
  const api = await startApi(varDir, { ...overrides, MAIL_POLL_INTERVAL_MS: "100" });
  const mailDir = join(varDir, "mail");
  try {
    await waitUntil(async () => existsSync(mailDir) && readdirSync(mailDir).length === count, {
      timeoutMs: 30_000,
      child: api.child,
      what: `${count} mails delivered`,
    });
  } finally {
    await stopProcess(api.child);
  }
}

describe("the image's build steps, run outside Docker", () => {
  let api: RunningApi | undefined;
  let baseUrl = "";
  let varDir = "";

  beforeAll(async () => {
    varDir = join(workDir, "var");
    api = await startApi(varDir);
    baseUrl = api.baseUrl;
  });

  afterAll(async () => {
    if (api) await stopProcess(api.child);
  });

  it("assembles a production-only install of the API with the built site beside it", () => {
    expect(existsSync(join(app, "dist/main.js"))).toBe(true);
    expect(existsSync(join(app, "site/index.html"))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(app, "package.json"), "utf8")) as { name: string; bin: Record<string, string> };
    expect(manifest.name).toBe("@site/admin-api");
    // The operator commands ship in dist/cli with the API (its package's bins), nothing beside it.
    expect(manifest.bin).toMatchObject({ "site-outbox": "dist/cli/outbox.js", "site-sqlite-backup": "dist/cli/sqlite-backup.js" });
    for (const file of Object.values(manifest.bin)) expect(existsSync(join(app, file)), file).toBe(true);
    expect(existsSync(join(app, "bin"))).toBe(false);
    const installed = readdirSync(join(app, "node_modules"));
    expect(installed).toEqual(expect.arrayContaining(["better-sqlite3", "express", "@site"]));
    // --prod: no test or build tooling in the image.
    for (const devOnly of ["vitest", "supertest", "typescript", "tsx", "autocannon"]) expect(installed).not.toContain(devOnly);
    expect(existsSync(join(app, "node_modules/@site/shared/dist/schemas/index.js"))).toBe(true);
    // better-sqlite3 without its build inputs: only the addon it loads (the SQLite tests below use it).
    const [sqlitePackage = ""] = readdirSync(join(app, "node_modules/.pnpm")).filter((name) => name.startsWith("better-sqlite3@"));
    const sqliteDir = join(app, "node_modules/.pnpm", sqlitePackage, "node_modules/better-sqlite3");
    expect(readdirSync(join(sqliteDir, "build/Release"))).toEqual(["better_sqlite3.node"]);
    expect(existsSync(join(sqliteDir, "deps"))).toBe(false);
  });

  it("leaves no stray copy of the deploy's bin links in the work tree", () => {
    // pnpm's legacy deploy links bins under <package>/<OUT relative to the repo>; the script removes it.
    expect(existsSync(join(repoPath("apps/admin-api"), relative(repoPath("."), app)))).toBe(false);
  });

  it("starts with `node dist/main.js` and answers /api/health and /api/ready", async () => {
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    const ready = await readyAsAdmin(baseUrl);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ outbox: { pending: 0, failed: 0, oldestPendingAgeMs: null } });
    expect(await (await fetch(`${baseUrl}/api/ready`)).json()).toEqual({ status: "ready" });
  });

  it("serves the prerendered site from SITE_DIR, with the 404 page's status for unknown paths", async () => {
    const home = await fetch(`${baseUrl}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toContain("text/html");
    expect(await home.text()).toMatch(/<title>[^<]+<\/title>/);
    expect((await fetch(`${baseUrl}/about`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/no-such-page`)).status).toBe(404);
  });

  it("stores through the deployed native SQLite module into DATA_DIR", async () => {
    const response = await postJson(`${baseUrl}/api/subscriptions`, { email: "ops-check@example.com" });
    expect(response.status).toBe(201);
    expect(readdirSync(join(varDir, "data"))).toContain("site.db");
  });

  it("passes the image's HEALTHCHECK command while up", () => {
    const [command = "node", ...args] = healthcheckCommand();
    const check = run(command, args, { env: cleanEnv({ PORT: String(api?.port) }), timeoutMs: 10_000 });
    expect(check.status).toBe(0);
  });

  it("stops cleanly on SIGTERM, and the HEALTHCHECK then fails", async () => {
    if (!api) throw new Error("not started");
    expect(await stopProcess(api.child)).toBe(0);
    const [command = "node", ...args] = healthcheckCommand();
    expect(run(command, args, { env: cleanEnv({ PORT: String(api.port) }), timeoutMs: 10_000 }).status).toBe(1);
  });
});

describe("dist/cli/outbox.js in the image: seeing and retrying failed mail", () => {
  let varDir = "";
  const outbox = (...args: string[]) =>
    run("node", ["dist/cli/outbox.js", ...args], {
      cwd: app,
      env: cleanEnv({ ...runtimeEnv(), DATA_DIR: join(varDir, "data"), MAIL_DIR: join(varDir, "mail") }),
      timeoutMs: 30_000,
    });

  beforeAll(async () => {
    varDir = join(workDir, "var-outbox");
    // Both of a contact's mails fail for good: an SMTP server that is not there, one attempt each.
    const api = await startApi(varDir, await failingMail());
    try {
      await contactWithFailedMails(api, "ops-outbox@example.com");
    } finally {
      await stopProcess(api.child);
    }
  });

  it("counts and lists the failed mails with their error", () => {
    const stats = outbox("stats");
    expect(stats.status, stats.stderr).toBe(0);
    expect(JSON.parse(stats.stdout)).toEqual({ pending: 0, failed: 2, oldestPendingAgeMs: null });
    const listed = outbox("list", "--state", "ERROR");
    expect(listed.status, listed.stderr).toBe(0);
    const lines = listed.stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/^\S+\s+ERROR\s+attempts 1\s+contact-(acknowledgement|notification)\s.*error: \S+/);
    expect(listed.stderr).toContain("2 mail(s)");
  });

  it("rejects a bad state and an unknown id, changing nothing", () => {
    expect(outbox("list", "--state", "LOST").status).toBe(1);
    const unknown = outbox("retry", "no-such-mail");
    expect(unknown.status).toBe(1);
    expect(unknown.stdout).toContain("not retried");
    expect(JSON.parse(outbox("stats").stdout)).toMatchObject({ failed: 2 });
  });

  it("retries one by id, then the rest, and the API delivers them on its next start", async () => {
    const [firstId = ""] = outbox("list", "--state", "ERROR").stdout.trim().split(/\s+/);
    const one = outbox("retry", firstId);
    expect(one.status, one.stderr).toBe(0);
    expect(one.stdout).toContain(`${firstId}  queued again`);
    expect(JSON.parse(outbox("stats").stdout)).toMatchObject({ pending: 1, failed: 1 });

    const rest = outbox("retry", "--all-failed");
    expect(rest.status, rest.stderr).toBe(0);
    expect(rest.stderr).toContain("1 of 1 mail(s) queued again");
    expect(JSON.parse(outbox("stats").stdout)).toMatchObject({ pending: 2, failed: 0 });

    // Back without SMTP_URL: the worker writes both as .eml files.
    await deliverAsEml(varDir, 2);
    expect(outbox("list", "--state", "SUCCESS").stdout.trim().split("\n")).toHaveLength(2);
  });
});

describe("dist/cli/sqlite-backup.js in the image: an online backup, then a restore", () => {
  let varDir = "";
  const tool = (...args: string[]) =>
    run("node", ["dist/cli/sqlite-backup.js", ...args], {
      cwd: app,
      env: cleanEnv({ ...runtimeEnv(), DATA_DIR: join(varDir, "data") }),
      timeoutMs: 30_000,
    });
  const subscribe = async (api: RunningApi, email: string) => (await postJson(`${api.baseUrl}/api/subscriptions`, { email })).status;

  beforeAll(() => {
    varDir = join(workDir, "var-backup");
  });

  it("copies every committed row while the API runs, checks the copy, and restores from it", async () => {
    const backup = join(varDir, "backups/site-1.db");
    let api = await startApi(varDir);
    try {
      expect(await subscribe(api, "before-backup@example.com")).toBe(201);
      // The API holds the database open in WAL mode: the new row may be only in site.db-wal.
      const made = tool(backup);
      expect(made.status, made.stderr).toBe(0);
      expect(made.stdout.trim()).toBe(backup);
      expect(made.stderr).toMatch(/subscriptions 1\b.+integrity ok/);
      expect(tool(backup).status).toBe(1); // never overwrites a backup
      expect(await subscribe(api, "after-backup@example.com")).toBe(201);
    } finally {
      await stopProcess(api.child);
    }

    // Restore as docs/operations.md says: API stopped, the copy as site.db, the old -wal/-shm removed.
    const data = join(varDir, "data");
    rmSync(join(data, "site.db-wal"), { force: true });
    rmSync(join(data, "site.db-shm"), { force: true });
    copyFileSync(backup, join(data, "site.db"));
    api = await startApi(varDir);
    try {
      expect(await subscribe(api, "before-backup@example.com")).toBe(409);
      expect(await subscribe(api, "after-backup@example.com")).toBe(201);
    } finally {
      await stopProcess(api.child);
    }
  });

  it("refuses without a destination, or without a database", () => {
    expect(tool().status).toBe(2);
    const missing = run("node", ["dist/cli/sqlite-backup.js", join(workDir, "nothing.db")], {
      cwd: app,
      env: cleanEnv({ ...runtimeEnv(), DATA_DIR: join(workDir, "no-data-here") }),
    });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("no database at");
  });
});

describe.skipIf(!firestoreEmulatorInstalled)("the assembled API on Firestore (Google's emulator), and the outbox command against it", () => {
  const projectId = "demo-ops-image";
  let emulator: FirestoreEmulator;
  let varDir = "";
  let firestoreEnv: Record<string, string> = {};
  const outbox = (...args: string[]) =>
    run("node", ["dist/cli/outbox.js", ...args], { cwd: app, env: cleanEnv({ ...runtimeEnv(), ...firestoreEnv }), timeoutMs: 30_000 });

  beforeAll(async () => {
    emulator = await startFirestoreEmulator(projectId);
    varDir = join(workDir, "var-firestore");
    firestoreEnv = { STORE: "firestore", FIRESTORE_PROJECT_ID: projectId, FIRESTORE_EMULATOR_HOST: new URL(emulator.baseUrl).host };
  });

  afterAll(async () => {
    await emulator?.stop();
  });

  it("stores, detects duplicates and records failed mail in Firestore; the tool retries it; delivery follows", async () => {
    const api = await startApi(varDir, { ...firestoreEnv, ...(await failingMail()) });
    try {
      expect((await fetch(`${api.baseUrl}/api/ready`)).status).toBe(200);
      expect((await postJson(`${api.baseUrl}/api/subscriptions`, { email: "firestore-ops@example.com" })).status).toBe(201);
      expect((await postJson(`${api.baseUrl}/api/subscriptions`, { email: " Firestore-Ops@Example.com " })).status).toBe(409);
      // The subscription queued its welcome mail, the contact two more: all three fail.
      await contactWithFailedMails(api, "firestore-ops@example.com", 3);
    } finally {
      await stopProcess(api.child);
    }
    // The documents are in the emulator: read one back as the service account would.
    const stored = await fetch(`${emulator.documents}/mail?pageSize=10`, { headers: { authorization: "Bearer owner" } });
    const mails = (await stored.json()) as { documents?: { fields: Record<string, { stringValue?: string }> }[] };
    expect(mails.documents?.map((doc) => doc.fields["state"]?.stringValue)).toEqual(["ERROR", "ERROR", "ERROR"]);

    expect(JSON.parse(outbox("stats").stdout)).toEqual({ pending: 0, failed: 3, oldestPendingAgeMs: null });
    expect(outbox("list", "--state", "ERROR").stdout.trim().split("\n")).toHaveLength(3);
    const retried = outbox("retry", "--all-failed");
    expect(retried.status, retried.stderr).toBe(0);
    expect(JSON.parse(outbox("stats").stdout)).toMatchObject({ pending: 3, failed: 0 });

    await deliverAsEml(varDir, 3, firestoreEnv);
    expect(outbox("list", "--state", "SUCCESS").stdout.trim().split("\n")).toHaveLength(3);
  });
});
