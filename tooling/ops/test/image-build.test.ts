import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execForm, parseDockerfile, type Instruction } from "./support/dockerfile.js";
import { cleanEnv, readRepoFile, repoPath, run, startProcess, stopProcess, waitUntil } from "./support/repo.js";

/**
 * The image's build steps run as plain commands (no Docker engine here): the Dockerfile's build stage
 * RUNs scripts/docker-build.sh, and this suite runs its `assemble` step into a temporary directory laid
 * out like the image's /app, then starts the API from there as the image's CMD would.
 */
const dockerfile = parseDockerfile(readRepoFile("Dockerfile"));
const inStage = (stage: string, keyword: string): Instruction[] =>
  dockerfile.filter((instruction) => instruction.stage === stage && instruction.keyword === keyword);
const runtimeEnv = (): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const { args } of inStage("runtime", "ENV")) {
    for (const match of args.matchAll(/(\w+)=(\S+)/g)) env[match[1] ?? ""] = match[2] ?? "";
  }
  return env;
};

describe("Dockerfile", () => {
  it("builds in one stage and runs in a slim one, on the same Node LTS image", () => {
    const froms = dockerfile.filter((i) => i.keyword === "FROM").map((i) => i.args);
    expect(froms).toEqual(["${NODE_IMAGE} AS build", "${NODE_IMAGE} AS runtime"]);
    const nodeImage = dockerfile.find((i) => i.keyword === "ARG" && i.stage === "" && i.args.startsWith("NODE_IMAGE="));
    expect(nodeImage?.args).toMatch(/^NODE_IMAGE=node:(20|22|24)-bookworm-slim$/);
  });

  it("runs the build script's steps in order: fetch, install, build, assemble into /out", () => {
    const steps = inStage("build", "RUN")
      .map((i) => /^sh scripts\/docker-build\.sh (.+)$/.exec(i.args)?.[1])
      .filter((step): step is string => step !== undefined);
    expect(steps).toEqual(["fetch", "install", "build", "assemble /out"]);
    expect(inStage("build", "RUN")[0]?.args).toMatch(/apt-get install -y --no-install-recommends python3 make g\+\+/);
  });

  it("runs as the non-root node user, in production, with var/ as a volume on :8080", () => {
    expect(inStage("runtime", "USER").map((i) => i.args)).toEqual(["node"]);
    expect(runtimeEnv()).toEqual({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "0.0.0.0",
      SITE_DIR: "/app/site",
      DATA_DIR: "/app/var/data",
      MAIL_DIR: "/app/var/mail",
    });
    expect(inStage("runtime", "COPY").map((i) => i.args)).toEqual(["--from=build /out /app"]);
    expect(inStage("runtime", "VOLUME").map((i) => i.args)).toEqual(['["/app/var"]']);
    expect(inStage("runtime", "EXPOSE").map((i) => i.args)).toEqual(["8080"]);
    expect(execForm(inStage("runtime", "CMD")[0]?.args ?? "")).toEqual(["node", "dist/main.js"]);
    expect(execForm(inStage("runtime", "HEALTHCHECK")[0]?.args ?? "")[0]).toBe("node");
  });
});

describe("the image's build steps, run outside Docker", () => {
  let workDir: string;
  let app: string;
  let server: { child: ChildProcess; output: () => string } | undefined;
  let baseUrl = "";
  let port = 0;

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), "ops-image-"));
    app = join(workDir, "app");
    const assembled = run("sh", ["scripts/docker-build.sh", "assemble", app], {
      env: cleanEnv({ CI: "true" }),
      timeoutMs: 90_000,
    });
    if (assembled.status !== 0) {
      throw new Error(`docker-build.sh assemble failed (${assembled.status}):\n${assembled.stdout}\n${assembled.stderr}`);
    }
    // Everything else exactly as the image's ENV sets it, only with temporary paths and an ephemeral port.
    server = startProcess(execForm(inStage("runtime", "CMD")[0]?.args ?? "")[0] ?? "node", ["dist/main.js"], {
      cwd: app,
      env: cleanEnv({
        ...runtimeEnv(),
        HOST: "127.0.0.1",
        PORT: "0",
        SITE_DIR: join(app, "site"),
        DATA_DIR: join(workDir, "var/data"),
        MAIL_DIR: join(workDir, "var/mail"),
      }),
    });
    const started = server;
    await waitUntil(
      async () => {
        const listening = /"port":(\d+)[^\n]*"msg":"listening"/.exec(started.output());
        port = Number(listening?.[1] ?? 0);
        return port > 0;
      },
      { timeoutMs: 30_000, child: started.child, what: "the assembled API" },
    );
    baseUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    if (server) await stopProcess(server.child);
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it("assembles a production-only install of the API with the built site beside it", () => {
    expect(existsSync(join(app, "dist/main.js"))).toBe(true);
    expect(existsSync(join(app, "site/index.html"))).toBe(true);
    expect(JSON.parse(readFileSync(join(app, "package.json"), "utf8")).name).toBe("@site/admin-api");
    const installed = readdirSync(join(app, "node_modules"));
    expect(installed).toEqual(expect.arrayContaining(["better-sqlite3", "express", "@site"]));
    // --prod: no test or build tooling in the image.
    for (const devOnly of ["vitest", "supertest", "typescript", "tsx", "autocannon"]) expect(installed).not.toContain(devOnly);
    expect(existsSync(join(app, "node_modules/@site/shared/dist/schemas/index.js"))).toBe(true);
  });

  it("leaves no stray copy of the deploy's bin links in the work tree", () => {
    // pnpm's legacy deploy links bins under <package>/<OUT relative to the repo>; the script removes it.
    expect(existsSync(join(repoPath("apps/admin-api"), relative(repoPath("."), app)))).toBe(false);
  });

  it("starts with `node dist/main.js` and answers /api/health and /api/ready", async () => {
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${baseUrl}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ outbox: { pending: 0, failed: 0, oldestPendingAgeMs: null } });
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
    const response = await fetch(`${baseUrl}/api/subscriptions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "ops-check@example.com" }),
    });
    expect(response.status).toBe(201);
    expect(readdirSync(join(workDir, "var/data"))).toContain("site.db");
  });

  it("passes the image's HEALTHCHECK command while up", () => {
    const [command = "node", ...args] = execForm(inStage("runtime", "HEALTHCHECK")[0]?.args ?? "");
    const check = run(command, args, { env: cleanEnv({ PORT: String(port) }), timeoutMs: 10_000 });
    expect(check.status).toBe(0);
  });

  it("stops cleanly on SIGTERM, and the HEALTHCHECK then fails", async () => {
    if (!server) throw new Error("not started");
    expect(await stopProcess(server.child)).toBe(0);
    const [command = "node", ...args] = execForm(inStage("runtime", "HEALTHCHECK")[0]?.args ?? "");
    expect(run(command, args, { env: cleanEnv({ PORT: String(port) }), timeoutMs: 10_000 }).status).toBe(1);
  });
});
