import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { firm, routeById } from "@site/shared/content";
import { offlineMessages } from "@site/shared/messages";
import { offlinePath } from "@site/shared/service-worker";
import { expectNoAxeViolations } from "./support/axe";
import { startOwnServer, type OwnServer } from "./support/own-server";
import { watchConsole, wholeStylesApplied } from "./support/page-health";

// The service worker (app/service-worker/sw.ts) as a visitor meets it. The rest of the suite blocks
// service workers (playwright.config.ts): their page.route mocks of /api must reach the page's own
// requests, and their counts of what a page loads are of a first visit. Here they run, as in a browser.
test.use({ serviceWorkers: "allow" });

/** Waits until the worker has activated and controls the page (it registers after load, when idle). */
async function untilControlled(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (
      registration.active?.state === "activated" && navigator.serviceWorker.controller !== null
    );
  });
}

/** Whether the page has its styles: at least one stylesheet, and every one of them with its rules. */
const stylesLoaded = (page: Page) =>
  page.evaluate(
    () =>
      document.styleSheets.length > 0 &&
      [...document.styleSheets].every((sheet) => sheet.cssRules.length > 0),
  );

/** Every URL stored in any cache of the site's origin. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });

/** Whether the page at `path` is saved on the device (in any of the site's caches). */
const isSaved = (page: Page, path: string) =>
  page.evaluate(
    async (url) => (await caches.match(url)) !== undefined,
    new URL(path, page.url()).href,
  );

const title = (id: Parameters<typeof routeById>[0]) => routeById(id).title;

async function readOnline(page: Page, context: BrowserContext, paths: string[]) {
  await page.goto("/");
  await untilControlled(page);
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    // The worker stores the page after handing it to the browser: wait until it is saved, as a visitor
    // reading it would have.
    await expect.poll(() => isSaved(page, path)).toBe(true);
  }
  await context.setOffline(true);
}

test("a page read earlier opens offline, with its styles, and so does the page the visit began on", async ({
  page,
  context,
}) => {
  const problems = watchConsole(page);
  await readOnline(page, context, ["/about"]);

  for (const [path, heading] of [
    ["/about", title("about")],
    ["/", title("home")],
  ] as const) {
    const response = await page.goto(path);
    // The saved page (200), not the offline page (503).
    expect(response?.fromServiceWorker(), path).toBe(true);
    expect(response?.status(), path).toBe(200);
    await expect(page).toHaveTitle(`${heading} | ${firm.name}`);
    expect(await stylesLoaded(page), `${path}'s stylesheets`).toBe(true);
  }
  // A query string (a campaign link) finds the same saved page.
  expect((await page.goto("/about?utm_source=newsletter"))?.status()).toBe(200);
  expect(problems).toEqual([]);
});

test("a page never read answers with the offline page, which lists the pages saved on the device", async ({
  page,
  context,
}) => {
  await readOnline(page, context, ["/about", "/services"]);

  const response = await page.goto("/careers");
  expect(response?.fromServiceWorker()).toBe(true);
  expect(response?.status()).toBe(503);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(offlineMessages.title);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  const saved = page.getByRole("main").getByRole("list");
  await expect(saved.getByRole("link")).toHaveText(
    [title("about"), title("home"), title("services")].sort(),
  );
  // "Try again" asks for the page the visitor wanted, not the offline page.
  await expect(page.getByRole("link", { name: offlineMessages.retry })).toHaveAttribute(
    "href",
    "/careers",
  );

  // A saved page opens from the list, with a tap whose pointerdown asks for the page's whole
  // stylesheets (lib/deferred-styles.ts). They come from the device at once, and apply between the
  // finger's down and up: the list, written by the worker, must not move then, or the up lands beside
  // the link and the tap follows nothing (as it did, now and then, in CI).
  const link = saved.getByRole("link", { name: title("services") });
  const box = await link.boundingBox();
  if (!box) throw new Error("the saved page's link has no box");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect.poll(() => wholeStylesApplied(page)).toBe(true);
  expect(await link.boundingBox()).toEqual(box);
  await page.mouse.up();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(offlineMessages.title);
});

// Answered once, at a phone's width, then widened (the layout follows the style sheet alone), each
// width a named step: a test for each width installed the worker and read the pages again.
test("the offline page, as the worker answers with it, passes axe at 390 px and at 1366 px", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await readOnline(page, context, []);
  await page.goto("/careers");
  for (const width of [390, 1366])
    await test.step(`the offline page, as the worker answers with it, passes axe at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole("main").getByRole("link")).not.toHaveCount(0);
      await expectNoAxeViolations(page, `the offline page at ${width} px`);
    });
});

test("the offline page at its own address, online, says nothing is saved yet and is not indexed", async ({
  page,
}) => {
  const response = await page.goto(offlinePath);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(offlineMessages.title);
  await expect(page.getByText(offlineMessages.none)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

test("/api requests never come from a cache: fetched from the network online, failing offline", async ({
  page,
  context,
}) => {
  const apiResponses: { url: string; fromServiceWorker: boolean }[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/"))
      apiResponses.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() });
  });
  await page.goto("/");
  await untilControlled(page);
  const status = () =>
    page.evaluate(() =>
      fetch("/api/health").then(
        (res) => res.status,
        () => "failed",
      ),
    );
  expect(await status()).toBe(200);
  expect(await status()).toBe(200);
  // A mail's link (unsubscribe) opened in the browser is a navigation to the API: the network's answer.
  const unsubscribe = await page.goto("/api/unsubscribe?token=not-a-real-token");
  expect(unsubscribe?.fromServiceWorker()).toBe(false);
  await page.goto("/");

  expect(apiResponses.length).toBeGreaterThanOrEqual(3);
  expect(apiResponses.filter((response) => response.fromServiceWorker)).toEqual([]);
  const urls = await cachedUrls(page);
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.filter((url) => new URL(url).pathname.startsWith("/api"))).toEqual([]);

  await context.setOffline(true);
  expect(await status()).toBe("failed");
  await expect(page.goto("/api/unsubscribe?token=not-a-real-token")).rejects.toThrow(
    /ERR_INTERNET_DISCONNECTED/,
  );
});

test.describe("a new release", () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("replaces the old service worker at the next navigation, with its own precache", async ({
    page,
  }) => {
    const offlineRevision = async () =>
      (await cachedUrls(page))
        .map((url) => new URL(url))
        .find((url) => url.pathname === offlinePath)
        ?.searchParams.get("__WB_REVISION__");

    await page.goto(`${server.baseUrl}/`);
    await untilControlled(page);
    const before = await offlineRevision();
    expect(before).toMatch(/^[0-9a-f]{32}$/);

    // The next release: a changed offline page, so a changed sw.js (as the build writes it).
    const { readFileSync, writeFileSync } = await import("node:fs");
    const file = `${server.siteDir}/sw.js`;
    const next = "0123456789abcdef0123456789abcdef";
    writeFileSync(file, readFileSync(file, "utf8").replace(before ?? "", next));

    // The visitor follows a link: the browser checks sw.js, installs the new worker, which takes over
    // at once (no waiting for every tab to close) and drops the old precache.
    const response = await page.goto(`${server.baseUrl}/about`);
    expect(response?.status()).toBe(200);
    await expect.poll(offlineRevision, { timeout: 15_000 }).toBe(next);
    // Nothing left waiting: the new worker is the active one, in control of the page.
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return (
        registration?.waiting === null &&
        registration.installing === null &&
        registration.active?.state === "activated" &&
        navigator.serviceWorker.controller !== null
      );
    });
  });
});
