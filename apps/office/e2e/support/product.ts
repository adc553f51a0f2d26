import { test as base } from "@playwright/test";
import webConfig from "../../../web/playwright.config";
import { freePort, startProduct } from "../../../web/perf/product-server.mjs";

/** The product one Playwright worker runs its journeys against, and where its mail goes. */
export interface OfficeProduct {
  baseUrl: string;
  /** The port the product sends its mail to: each journey's file runs its own SMTP server there. */
  smtpPort: number;
  /** The firm's inbox the API notifies of each contact. */
  contactInbox: string;
}

/** The first owner, named in every worker's product. */
export const ownerEmail = "owner@firm.e2e.test";

const webServer = webConfig.webServer;
if (!webServer || Array.isArray(webServer) || !webServer.env)
  throw new Error("the web suite's config starts one server, with its environment");
// The web suite's settings for the product, but for its port and folders (each product has its own).
const { PORT: _port, DATA_DIR: _data, MAIL_DIR: _mail, ...webEnv } = webServer.env;
const contactInbox = webEnv.CONTACT_INBOX;
if (!contactInbox) throw new Error("the web suite's product names the firm's inbox");

/**
 * One product per worker, started as the web suite starts its own (`node ../admin-api/dist/main.js`,
 * the web config's environment, a free port, empty data and mail folders), with what the office adds:
 * mail over real SMTP to this worker's own port, where each journey's file runs its server, so two
 * files at once never take each other's port or mail; SITE_URL on the product's origin, so mailed links
 * come back to it; the first owner. Every test's pages, requests and contexts have it as their base URL.
 */
export const test = base.extend<object, { product: OfficeProduct }>({
  product: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern; it needs nothing
    async ({}, provide) => {
      const smtpPort = await freePort();
      const product = await startProduct({
        echoStderr: true,
        readyWithinMs: webServer.timeout ?? 60_000,
        env: (baseUrl) => ({
          ...webEnv,
          SITE_URL: baseUrl,
          // The API's default is apps/web/build/client; a copy while someone rebuilds it (see the README).
          ...(process.env.SITE_DIR ? { SITE_DIR: process.env.SITE_DIR } : {}),
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          OFFICE_OWNER_EMAIL: ownerEmail,
          OFFICE_LINK_REQUESTS_PER_ADDRESS: "100",
          // A mail tried before the journey's SMTP server listens is tried again soon, not in 30 s.
          MAIL_RETRY_BASE_MS: "500",
        }),
      });
      try {
        await provide({ baseUrl: product.baseUrl, smtpPort, contactInbox });
      } finally {
        await product.stop();
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ product }, provide) => provide(product.baseUrl),
});

export { expect } from "@playwright/test";
