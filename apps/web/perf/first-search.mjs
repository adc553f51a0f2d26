// @ts-check
/**
 * What a visitor's first search costs over the wire: the home page loaded (not counted), then the header's
 * search box focused and a word typed; every request from the focus until the results are shown is
 * counted as the server sent it (compressed bodies and headers). The search's code and the language's
 * documents load on focus and nothing before (apps/web/app/entry.client.ts); budget in budget.mjs.
 */
import { chromium } from "@playwright/test";
import { chromeArgs, chromePath } from "./chrome.mjs";

/**
 * @param {string} baseUrl the product's address
 * @param {string} word what the visitor types
 * @returns {Promise<{ kb: number, requests: string[], results: number }>}
 */
export async function measureFirstSearch(baseUrl, word = "sacco") {
  const browser = await chromium.launch({ executablePath: chromePath, args: [...chromeArgs] });
  try {
    const page = await browser.newPage({ serviceWorkers: "block" });
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    /** @type {Promise<number>[]} */
    const sizes = [];
    /** @type {string[]} */
    const requests = [];
    page.on("requestfinished", (request) => {
      requests.push(new URL(request.url()).pathname);
      sizes.push(request.sizes().then((each) => each.responseBodySize + each.responseHeadersSize));
    });
    const box = page.locator('header form[role="search"] input[type="search"]');
    await box.focus();
    await box.pressSequentially(word);
    const results = page.locator('header form[role="search"] .search-result');
    await results.first().waitFor();
    await page.waitForLoadState("networkidle");
    const bytes = (await Promise.all(sizes)).reduce((sum, each) => sum + each, 0);
    return { kb: bytes / 1000, requests, results: await results.count() };
  } finally {
    await browser.close();
  }
}
