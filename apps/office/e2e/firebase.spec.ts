import { createRequire } from "node:module";
import { expect, test } from "@playwright/test";
import { e2eRun } from "../../web/e2e/support/run-env";
import { startMain } from "../../admin-api/test/helpers/process";

/**
 * The Firebase sign-in path (production's mode) in a real browser, against the Firebase Authentication
 * emulator of the `firebase-tools` npm package (the API's dependency, started in this process as the
 * API's own Firebase test does) and the API started from its source in Firebase mode (the emulator is
 * refused with NODE_ENV=production, so this is not the suite's production server). The office fetches
 * Firebase's SDK only now, sends a Firebase email link, and the link's page exchanges the ID token for
 * the API's own session cookie.
 */
interface AuthEmulator {
  start(): Promise<void>;
  stop(): Promise<void>;
}
const requireFromApi = createRequire(new URL("../../admin-api/package.json", import.meta.url));
const { AuthEmulator } = requireFromApi("firebase-tools/lib/emulator/auth/index.js") as {
  AuthEmulator: new (args: { host: string; port: number; projectId: string }) => AuthEmulator;
};

const projectId = "demo-office";
const ownerEmail = "firebase-owner@firm.e2e.test";
// Two free ports and throwaway folders, found as the web suite finds its own (fresh settings objects).
const product = e2eRun({});
const emulatorPort = e2eRun({}).port;

let emulator: AuthEmulator;
let api: ReturnType<typeof startMain>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Compiling the emulator's REST description takes 5 s on an idle host, longer on a busy one.
  test.setTimeout(180_000);
  emulator = new AuthEmulator({ host: "127.0.0.1", port: emulatorPort, projectId });
  await emulator.start();
  api = startMain({
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    HOST: "127.0.0.1",
    PORT: String(product.port),
    SITE_URL: product.baseUrl,
    DATA_DIR: product.dataDir,
    MAIL_DIR: product.mailDir,
    ...(process.env.SITE_DIR ? { SITE_DIR: process.env.SITE_DIR } : {}),
    OFFICE_OWNER_EMAIL: ownerEmail,
    OFFICE_SIGN_IN: "firebase",
    OFFICE_FIREBASE_API_KEY: "demo-api-key",
    OFFICE_FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
    FIRESTORE_PROJECT_ID: projectId,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
  });
  await api.listening;
});

test.afterAll(async () => {
  api?.child.kill("SIGTERM");
  await emulator?.stop();
});

test("Firebase mode: the office signs in with a Firebase email link and gets the API's session", async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: "block", baseURL: product.baseUrl });
  const page = await context.newPage();
  const firebaseRequests: string[] = [];
  page.on("request", (request) => {
    if (/firebase-sign-in-[\w-]+\.js$/.test(request.url())) firebaseRequests.push(request.url());
  });

  await page.goto("/admin/sign-in");
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  expect(firebaseRequests).toHaveLength(1);
  await page.getByRole("textbox", { name: "Work email address" }).fill(ownerEmail);
  await page.getByRole("button", { name: "Mail me a sign-in link" }).click();
  await expect(page.getByText("A sign-in link is on its way to this address.")).toBeVisible();

  // The emulator keeps the mailed link; the office is opened with its one-time code, as the mail's would.
  const codes = (await (
    await fetch(`http://127.0.0.1:${emulatorPort}/emulator/v1/projects/${projectId}/oobCodes`)
  ).json()) as { oobCodes: { email: string; oobLink: string }[] };
  const link = codes.oobCodes.find((code) => code.email === ownerEmail)?.oobLink;
  if (!link) throw new Error("the emulator has no sign-in link for the owner");
  await page.goto(`/admin/sign-in${new URL(link).search}`);

  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await expect(page.getByText(`(${ownerEmail})`)).toBeVisible();
  // The session is the API's cookie, not Firebase's: a fresh page load is still signed in.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await context.close();
});
