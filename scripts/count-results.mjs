#!/usr/bin/env node
// Totals the JSON reports that every suite writes (vitest: test-results/vitest.json, Playwright:
// test-results/playwright.json) and prints `N passed, N failed, N skipped`. A failing run with no
// failed test (a lint, type or build error) counts as one failure, so the line never hides it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const exitStatus = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = 0;
let skipped = 0;

for (const group of ["apps", "packages", "tooling"]) {
  if (!existsSync(group)) continue;
  for (const workspace of readdirSync(group)) {
    const dir = join(group, workspace, "test-results");
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      const report = JSON.parse(readFileSync(join(dir, file), "utf8"));
      if (typeof report.numPassedTests === "number") {
        passed += report.numPassedTests;
        failed += report.numFailedTests;
        skipped += report.numPendingTests + (report.numTodoTests ?? 0);
      } else if (report.stats) {
        passed += report.stats.expected + report.stats.flaky;
        failed += report.stats.unexpected;
        skipped += report.stats.skipped;
      }
    }
  }
}
if (exitStatus !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exitStatus === 0 && failed === 0 ? 0 : 1);
