// Totals what one `npm test` did, from Turborepo's run summaries (.turbo/runs/*.json, written with
// --summarize) and the JSON report each test task writes (vitest: test-results/vitest.json, Playwright:
// test-results/playwright.json). A gate task (build, lint, typecheck) counts as one check, passed or
// failed; a test task counts its tests, and one failure more if it failed without a failed test (a crash,
// a missing report), so the closing line never hides a broken suite. A task that never ran counts as failed.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const reports = { test: "test-results/vitest.json", "test:e2e": "test-results/playwright.json" };

function readReport(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (typeof report.numPassedTests === "number") {
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    };
  }
  if (report.stats) {
    return {
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected,
      skipped: report.stats.skipped,
    };
  }
  return null;
}

/** Every task of the run summaries under `runsDir`, the latest execution of each task id. */
function tasksOf(runsDir) {
  const tasks = new Map();
  if (!existsSync(runsDir)) return tasks;
  const summaries = readdirSync(runsDir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(readFileSync(join(runsDir, file), "utf8")))
    .sort((a, b) => a.execution.startTime - b.execution.startTime);
  for (const summary of summaries) for (const task of summary.tasks) tasks.set(task.taskId, task);
  return tasks;
}

/**
 * Prints one line per task and the closing `N passed, N failed, N skipped`; returns whether all passed.
 * `phases` are the exit statuses of the turbo runs: a failed run with nothing failed in it counts once.
 */
export function reportResults(repoRoot, phases) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const lines = [];
  for (const task of tasksOf(join(repoRoot, ".turbo", "runs")).values()) {
    const exitCode = task.execution?.exitCode;
    const ran = typeof exitCode === "number";
    const reportPath = reports[task.task];
    let counts;
    if (reportPath) {
      const report = readReport(join(repoRoot, task.directory, reportPath));
      counts = report ?? { passed: 0, failed: 0, skipped: 0 };
      if ((exitCode !== 0 || !report) && counts.failed === 0) counts.failed += 1;
    } else {
      counts = exitCode === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
    }
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    const outcome = !ran ? "did not run" : exitCode === 0 ? "ok" : `FAILED (exit ${exitCode})`;
    const detail = reportPath ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped` : "";
    lines.push(`  ${task.taskId.padEnd(32)} ${outcome.padEnd(18)} ${detail}`.trimEnd());
  }
  if (total.failed === 0 && phases.some((status) => status !== 0)) total.failed = 1;
  console.log(`\nResults by task:\n${lines.sort().join("\n")}\n`);
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return total.failed === 0;
}
