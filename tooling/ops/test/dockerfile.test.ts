import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { healthcheckCommand, inStage, repoDockerfile, runtimeEnv, startCommand } from "./support/dockerfile.js";
import { readRepoFile, repoPath } from "./support/repo.js";

/** The Dockerfile's structure; image-build.test.ts runs its build steps and its result. */
const dockerfile = repoDockerfile;

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

  it("copies only files that exist and that .dockerignore lets into the build context", () => {
    const ignored = new Set(readRepoFile(".dockerignore").split("\n").map((line) => line.trim()).filter((line) => line && !line.startsWith("#")));
    const sources = inStage("build", "COPY").flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    expect(sources).toEqual(["package.json", "pnpm-lock.yaml", "pnpm-workspace.yaml", ".npmrc", "patches", "scripts/docker-build.sh", "."]);
    for (const source of sources.filter((path) => path !== ".")) {
      expect(existsSync(repoPath(source)), source).toBe(true);
      expect(ignored.has(source), source).toBe(false);
    }
    // Never sent to the builder: installs, builds, local data, git history, keys.
    for (const pattern of [".git", "**/node_modules", "**/dist", "**/build", "var", ".env", "secrets"]) expect(ignored).toContain(pattern);
  });

  it("gives the fetch step every patch the workspace names (pnpm refuses to fetch without them)", () => {
    const build = repoDockerfile.filter((i) => i.stage === "build");
    const fetchAt = build.findIndex((i) => i.keyword === "RUN" && i.args === "sh scripts/docker-build.sh fetch");
    const beforeFetch = build.slice(0, fetchAt).filter((i) => i.keyword === "COPY").flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    const patches = Object.values(parse(readRepoFile("pnpm-workspace.yaml")).patchedDependencies ?? {}) as string[];
    expect(patches.length).toBeGreaterThan(0);
    for (const patch of patches) {
      expect(existsSync(repoPath(patch)), patch).toBe(true);
      expect(beforeFetch.some((source) => patch === source || patch.startsWith(`${source}/`)), patch).toBe(true);
    }
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
    expect(startCommand()).toEqual(["node", "dist/main.js"]);
    expect(healthcheckCommand().slice(0, 2)).toEqual(["node", "-e"]);
    expect(healthcheckCommand()[2]).toContain("/api/health");
  });
});
