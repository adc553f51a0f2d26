import { defineConfig } from "@playwright/test";
import webConfig from "../web/playwright.config";

/**
 * The office's browser journeys against the product as `npm start` runs it, started as the web suite
 * starts it (its config, reused: the API process serving the public site, the office at /admin and /api
 * on one origin, empty data and mail folders, Debian's Chromium), but one product per worker
 * (e2e/support/product.ts, a worker-scoped fixture) with what the office adds: mail over real SMTP to a
 * server the journey runs in its own process (the API's test helper) on that worker's own port, so the
 * sign-in links, the invitation and the reply are read as they arrived, headers and all; SITE_URL on
 * the product's origin, so mailed links come back to it; the first owner.
 */
export default defineConfig({
  ...webConfig,
  // Two files at once, one per worker: each worker's product mails its own port, where the file it runs
  // listens from its first test to its last, so no file sees another's mail. Each journey is one story
  // told in order (serial in its file).
  workers: 2,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The base URL is each worker's product's (the fixture sets it); the web suite's server is not started.
  use: { ...webConfig.use, baseURL: undefined, actionTimeout: 10_000 },
  webServer: undefined,
});
