#!/usr/bin/env node
// The two README commands (and `npm run perf`). Needs only Node and npm: pnpm is fetched by npx at the
// pinned version (corepack is not relied on). Install and build are incremental: a set-up clone reuses both.
//
//   start  install, build, serve the product at http://localhost:8080
//   test   install what the suites need (Debian packages through apt-get as root, npm packages), build,
//          then run every suite (lint, types, unit, integration, browser) whatever fails before it, and
//          close with one line `N passed, N failed, N skipped` totalled over all of them
//   perf   install, build, Lighthouse on every route (apps/web/perf)
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureSystemPackages } from "./system-packages.mjs";
import { reportResults } from "./test-report.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const pnpmVersion = JSON.parse(readFileSync(new URL("../package.json", import.meta.url))).packageManager.split("@")[1];
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", TURBO_NO_UPDATE_NOTIFIER: "1" };

/** Runs a command in the repo root; returns its exit status. */
function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env, shell: process.platform === "win32" });
  return result.status ?? 1;
}
const pnpm = (...args) => run("npx", ["--yes", `pnpm@${pnpmVersion}`, ...args]);
/** Stops with the command's status unless it succeeded. */
const must = (status) => status === 0 || process.exit(status);

const task = process.argv[2];
if (task === "start") {
  must(pnpm("install", "--frozen-lockfile", "--prefer-offline"));
  must(pnpm("exec", "turbo", "run", "build", "--output-logs=errors-only"));
  must(pnpm("--filter", "@site/admin-api", "start"));
} else if (task === "test") {
  ensureSystemPackages("test");
  if (pnpm("install", "--frozen-lockfile", "--prefer-offline") !== 0) {
    console.log("\nThe install failed, so no suite could run.\n0 passed, 1 failed, 0 skipped");
    process.exit(1);
  }
  // Each run reports afresh: no result of an earlier run is counted.
  rmSync(`${root}/.turbo/runs`, { recursive: true, force: true });
  for (const group of ["apps", "packages", "tooling"])
    for (const workspace of readdirSync(join(root, group)))
      rmSync(join(root, group, workspace, "test-results"), { recursive: true, force: true });
  // --continue: a failing package or suite never keeps the others from running and reporting.
  const phases = [
    pnpm("exec", "turbo", "run", "build", "lint", "typecheck", "test", "--output-logs=new-only", "--continue", "--summarize"),
    // Browser tests one package at a time: each starts the product and a Chromium.
    pnpm("exec", "turbo", "run", "test:e2e", "--output-logs=new-only", "--continue", "--concurrency=1", "--summarize"),
  ];
  process.exit(reportResults(root, phases) ? 0 : 1);
} else if (task === "perf") {
  ensureSystemPackages("perf");
  must(pnpm("install", "--frozen-lockfile", "--prefer-offline"));
  must(pnpm("exec", "turbo", "run", "build", "--output-logs=errors-only"));
  must(pnpm("--filter", "@site/web", "perf"));
} else {
  console.error("usage: node scripts/run.mjs start|test|perf");
  process.exit(2);
}
