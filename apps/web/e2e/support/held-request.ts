import type { Page } from "@playwright/test";

/**
 * Holds every request to `url` until `release()` is called, then lets it through to the real server:
 * the page's "sending" state can be observed for as long as needed, without sleeping.
 */
export async function holdRequests(
  page: Page,
  url: Parameters<Page["route"]>[0],
): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/**
 * Opens `path` with the page's one script held (it starts after the first paint): what a visitor does
 * before it runs can be done, then `release()` lets it start.
 */
export async function gotoWithScriptHeld(
  page: Page,
  path: string,
): Promise<{ release: () => void }> {
  const entry = "**/assets/entry.client-*.js";
  const held = await holdRequests(page, entry);
  const asked = page.waitForRequest(entry);
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await asked;
  return held;
}
