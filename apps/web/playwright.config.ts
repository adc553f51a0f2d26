import { defineConfig, devices } from "@playwright/test";
import { e2eRun } from "./e2e/support/run-env";
import { chromeArgs, testChromePath } from "./perf/chrome.mjs";

/**
 * Browser gates against the built product, started exactly as `npm start` starts it: the API process
 * serving the prerendered site and /api on one origin. Each run gets its own port and its own empty
 * data and mail directories (see e2e/support/run-env.ts), so a run never sees an earlier run's rows.
 */
const run = e2eRun();

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/playwright-artifacts",
  // vitest writes test-results/vitest.json beside this report: keep both (CI totals them).
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  // Two cores: two workers keep the CPU busy without starving the server and its mail worker.
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: run.baseUrl,
    // A missing element fails in seconds, not at the 30 s test timeout, so a broken build still
    // finishes the suite quickly.
    actionTimeout: 7_000,
    navigationTimeout: 15_000,
    // A failed test keeps its trace: actions, DOM snapshots, console and network. Not the screencast:
    // a frame stream recorded for every test, kept only for the few that fail, cost the navigation
    // spec 111 s against 85-87 s without it (74-87 s with no trace at all; single runs, two-core host at
    // load 11-13). The failure's own screenshot is still taken.
    trace: { mode: "retain-on-failure", screenshots: false },
    // The service worker has its own spec (e2e/offline.spec.ts, which allows it). Elsewhere it is
    // blocked: a worker in control of the page would keep page.route mocks of /api from seeing the
    // page's requests, and the specs that count what a page loads measure a first visit.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: testChromePath,
      args: [...chromeArgs],
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 } },
    },
  ],
  webServer: {
    command: "node ../admin-api/dist/main.js",
    url: `${run.baseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    env: {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(run.port),
      DATA_DIR: run.dataDir,
      MAIL_DIR: run.mailDir,
      CONTACT_INBOX: run.contactInbox,
      // The suite posts far more forms from one address than a person would.
      RATE_LIMIT_MAX: "100000",
      // The mail worker polls the outbox; a short interval lets the contact journey see both mails quickly.
      MAIL_POLL_INTERVAL_MS: "200",
      // Comments: the suite sends many from one address to a few posts, and a test types faster than a
      // person (the fill time and the limits are tested in the API's own suite).
      COMMENT_MIN_FILL_MS: "0",
      COMMENT_RATE_LIMIT_PER_ADDRESS: "100000",
      COMMENT_RATE_LIMIT_PER_POST: "100000",
    },
  },
});
