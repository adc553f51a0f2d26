import { defineConfig } from "@playwright/test";
import webConfig from "../web/playwright.config";
import { officeRun } from "./e2e/support/run-env";

/**
 * The office's browser journeys against the product as `npm start` runs it, started exactly as the web
 * suite starts it (its config, reused: the API process serving the public site, the office at /admin and
 * /api on one origin, a free port, empty data and mail folders, Debian's Chromium), with what the office
 * adds: mail over real SMTP to a server the journey runs in its own process (the API's test helper), so
 * the sign-in links, the invitation and the reply are read as they arrived, headers and all; SITE_URL
 * on this origin, so mailed links come back here; the first owner.
 */
const run = officeRun();
const webServer = webConfig.webServer;
if (!webServer || Array.isArray(webServer))
  throw new Error("the web suite's config starts one server");

export default defineConfig({
  ...webConfig,
  // One spec at a time: every spec's mail arrives at the one SMTP port the product was started with, and
  // a spec listens there from its first test to its last, so two running at once would take each other's
  // port (or mail). Each journey is one story told in order (serial in its file).
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: { ...webConfig.use, actionTimeout: 10_000 },
  webServer: {
    ...webServer,
    env: {
      ...webServer.env,
      SITE_URL: run.baseUrl,
      // The API's default is apps/web/build/client; a copy while someone rebuilds it (see the README).
      ...(process.env.SITE_DIR ? { SITE_DIR: process.env.SITE_DIR } : {}),
      SMTP_URL: `smtp://127.0.0.1:${run.smtpPort}`,
      OFFICE_OWNER_EMAIL: run.ownerEmail,
      OFFICE_LINK_REQUESTS_PER_ADDRESS: "100",
      // A mail tried before the journey's SMTP server listens is tried again soon, not in 30 s.
      MAIL_RETRY_BASE_MS: "500",
    },
  },
});
