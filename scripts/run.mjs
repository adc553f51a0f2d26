#!/usr/bin/env node
// The two README commands. Needs only Node and npm: pnpm is fetched by npx at the pinned version
// (corepack is not relied on). Install and build are incremental: a set-up clone reuses both.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const pnpmVersion = JSON.parse(readFileSync(new URL("../package.json", import.meta.url))).packageManager.split("@")[1];
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", TURBO_NO_UPDATE_NOTIFIER: "1" };

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env, shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const pnpm = (...args) => run("npx", ["--yes", `pnpm@${pnpmVersion}`, ...args]);

pnpm("install", "--frozen-lockfile", "--prefer-offline");

const task = process.argv[2];
if (task === "start") {
  pnpm("exec", "turbo", "run", "build", "--output-logs=errors-only");
  pnpm("--filter", "@site/admin-api", "start");
} else if (task === "test") {
  pnpm("exec", "turbo", "run", "build", "lint", "typecheck", "test", "--output-logs=new-only", "--continue");
  pnpm("exec", "turbo", "run", "test:e2e", "--output-logs=new-only", "--concurrency=1");
} else if (task === "perf") {
  pnpm("exec", "turbo", "run", "build", "--output-logs=errors-only");
  pnpm("--filter", "@site/web", "perf");
} else {
  console.error("usage: node scripts/run.mjs start|test|perf");
  process.exit(2);
}
