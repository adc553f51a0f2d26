import { expect, test, type Page } from "@playwright/test";
import { blogPaths } from "@site/shared/blog";
import { localePath, type Locale } from "@site/shared/i18n";
import { translations } from "@site/shared/i18n/translations";
import { expectNoAxeViolations } from "./support/axe";
import { expectFitsScreen } from "./support/fits-screen";
import { gotoWithScriptHeld } from "./support/held-request";
import { gotoPage } from "./support/page-health";

// Site search: a box in the header (and the mobile menu) whose code and documents load on focus, and
// the API's results page for /search?q= (what works without JavaScript).

const afcftaPost = blogPaths.post("what-afcfta-changes-for-east-african-manufacturers");
const saccoPost = blogPaths.post("sacco-boards-and-digital-lending");

/** The header's search box, named in the page's language. */
const headerBox = (page: Page, locale: Locale = "en") =>
  page
    .getByRole("search")
    .getByRole("searchbox", { name: translations(locale).messages.searchMessages.label });

/** Every request the page makes, with its size over the wire (compressed body and headers). */
function searchRequests(page: Page) {
  const seen: { path: string; bytes: Promise<number> }[] = [];
  page.on("requestfinished", (request) => {
    seen.push({
      path: new URL(request.url()).pathname,
      bytes: request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize),
    });
  });
  const search = () =>
    seen.filter((each) => /\/search-index\/|\/assets\/live-search-/.test(each.path));
  return {
    /** The search's own requests so far (its code, its documents). */
    paths: () => search().map((each) => each.path),
    /** From now on, what is counted. */
    start: () => seen.splice(0, seen.length),
    /** Everything since start(): what the first search cost. */
    totalKb: async () =>
      (await Promise.all(seen.map((each) => each.bytes))).reduce((a, b) => a + b, 0) / 1000,
    all: () => seen.map((each) => each.path),
  };
}

test.describe("the search box", () => {
  test("loads nothing before it is focused; then its code and the language's documents; results as the visitor types", async ({
    page,
  }) => {
    const requests = searchRequests(page);
    await gotoPage(page, "/");
    await page.waitForLoadState("networkidle");
    expect(requests.paths()).toEqual([]);

    requests.start();
    const box = headerBox(page);
    await box.focus();
    await box.pressSequentially("sacco");
    const results = page.getByRole("search").getByRole("list");
    await expect(results.getByRole("link").first()).toBeVisible();
    await expect(results.getByRole("link", { name: /SACCO Boards/ })).toHaveAttribute(
      "href",
      saccoPost,
    );
    await expect(results.locator("mark").first()).toHaveText(/sacco/i);
    await page.waitForLoadState("networkidle");
    expect(requests.paths().some((path) => path === "/search-index/en.json")).toBe(true);
    const kb = await requests.totalKb();
    console.log(
      `first search: ${requests.all().length} requests (${requests.all().join(", ")}), ${kb.toFixed(1)} kB over the wire`,
    );
    expect(kb).toBeLessThanOrEqual(60);
  });

  test("a box focused before the page's script started still searches: no focus event comes after it", async ({
    page,
  }) => {
    const held = await gotoWithScriptHeld(page, "/");
    const box = headerBox(page);
    await box.focus();
    held.release();
    await box.pressSequentially("sacco");
    await expect(
      page
        .getByRole("search")
        .getByRole("list")
        .getByRole("link", { name: /SACCO Boards/ }),
    ).toBeVisible();
  });

  for (const [locale, word, post] of [
    ["fr", "zlecaf", afcftaPost],
    ["sw", "wanachama", saccoPost],
  ] as const) {
    test(`in ${locale}, finds the translated post by a word of its translation, in that language's pages only`, async ({
      page,
    }) => {
      const requests = searchRequests(page);
      await gotoPage(page, localePath(locale, "/"));
      const box = headerBox(page, locale);
      await box.focus();
      await box.pressSequentially(word);
      await expect(
        page
          .getByRole("search")
          .getByRole("list")
          .locator(`a[href="${localePath(locale, post)}"]`),
      ).toBeVisible();
      expect(requests.paths()).toContain(`/search-index/${locale}.json`);
      expect(requests.paths()).not.toContain("/search-index/en.json");
    });
  }

  test("a word that appears nowhere says so", async ({ page }) => {
    await gotoPage(page, "/fr/services");
    const box = headerBox(page, "fr");
    await box.focus();
    await box.pressSequentially("xylophone");
    await expect(page.getByRole("search").getByRole("status")).toHaveText(
      translations("fr").messages.searchMessages.none("xylophone"),
    );
  });

  test("Enter asks the server for the full results page, in the page's language", async ({
    page,
  }) => {
    await gotoPage(page, "/sw/about");
    const box = headerBox(page, "sw");
    await box.fill("sacco");
    await box.press("Enter");
    await expect(page).toHaveURL("/sw/search?q=sacco");
    await expect(page.getByRole("main").getByRole("link", { name: /SACCO/ }).first()).toBeVisible();
  });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the box is a form to /search?q= that the API answers with results, and says when nothing matched", async ({
    page,
  }) => {
    await gotoPage(page, "/fr/about");
    await headerBox(page, "fr").fill("libre-echange");
    await headerBox(page, "fr").press("Enter");
    await expect(page).toHaveURL("/fr/search?q=libre-echange");
    const main = page.getByRole("main");
    await expect(main.locator(`a[href="${localePath("fr", afcftaPost)}"]`)).toBeVisible();
    await expect(main.locator("mark").first()).toHaveText(/libre/i);
    await expect(main.getByRole("searchbox")).toHaveValue("libre-echange");

    await main.getByRole("searchbox").fill("xylophone");
    await main.getByRole("searchbox").press("Enter");
    await expect(main.getByRole("status")).toHaveText(
      translations("fr").messages.searchMessages.none("xylophone"),
    );
  });
});

test.describe("the results page has no accessibility violations and fits the screen", () => {
  // Loaded once at a phone's width, then widened (the layout follows the style sheet alone), each width
  // a named step.
  test("at 390 px and at 1366 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await gotoPage(page, "/search?q=sacco");
    for (const width of [390, 1366])
      await test.step(`at ${width} px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.getByRole("main").getByRole("list")).toBeVisible();
        await expectNoAxeViolations(page, `/search?q=sacco at ${width} px`);
        await expectFitsScreen(page, `/search?q=sacco at ${width} px`);
        await page.screenshot({ path: `test-results/search-${width}.png`, fullPage: false });
      });
  });
});
