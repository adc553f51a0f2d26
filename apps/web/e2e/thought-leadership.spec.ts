import { expect, test, type Page } from "@playwright/test";
import {
  articleCategories,
  articles,
  thoughtLeadershipPaths,
  type Article,
} from "@site/shared/content";
import type { Locale } from "@site/shared/i18n";
import { translations } from "@site/shared/i18n/translations";
import { thoughtLeadershipMessages } from "@site/shared/messages";
import { exactly, gotoPage } from "./support/page-health";

/** The filter's navigation, named in the page's language. */
const filterNav = (page: Page, locale: Locale = "en") =>
  page.getByRole("navigation", {
    name: translations(locale).messages.thoughtLeadershipMessages.filterLabel,
  });
const filters = (page: Page, locale: Locale = "en") => filterNav(page, locale).getByRole("link");
const cards = (page: Page, locale: Locale = "en") =>
  page.getByRole("main").getByRole("link", {
    name: translations(locale).messages.thoughtLeadershipMessages.opensInNewTab,
  });
const currentFilter = (page: Page, locale: Locale = "en") =>
  filterNav(page, locale).locator('[aria-current="page"]');

/** The articles a filter labelled `label` must show: its category, compared ignoring case. */
const expectedFor = (label: string): readonly Article[] =>
  articles.filter((article) => article.category.toLowerCase() === label.trim().toLowerCase());

/** The visible card links on the page, in order, as their href attributes. */
const shownLinks = (page: Page) =>
  cards(page).evaluateAll((links) =>
    links.filter((link) => link.checkVisibility()).map((link) => link.getAttribute("href")),
  );

test.describe("thought leadership", () => {
  test.beforeEach(async ({ page }) => {
    await gotoPage(page, "/thought-leadership");
  });

  // The page as loaded, then each filter from the one before it: two walks of five taps on one load
  // each (a test per filter, and one for the page as loaded, loaded the page for each), each a named
  // step.
  const half = Math.ceil(articleCategories.length / 2);
  for (const walk of [articleCategories.slice(0, half), articleCategories.slice(half)]) {
    const first = walk[0] === articleCategories[0];
    test(`${first ? "'All Projects' first, then " : ""}the ${walk.map((category) => category.toLowerCase()).join(", ")} filters each show exactly their articles, matched ignoring case`, async ({
      page,
    }) => {
      if (first)
        await test.step("'All Projects' comes first, is pressed, and every article is shown", async () => {
          await expect(page.getByText(thoughtLeadershipMessages.subtitle)).toBeVisible();
          await expect(filters(page)).toHaveText([
            thoughtLeadershipMessages.allFilter,
            ...articleCategories.map((category) => new RegExp(`^\\s*${category}\\s*$`, "i")),
          ]);
          await expect(currentFilter(page)).toHaveText(thoughtLeadershipMessages.allFilter);
          expect(await shownLinks(page)).toEqual(articles.map((article) => article.link));
        });
      for (const category of walk)
        await test.step(`the ${category.toLowerCase()} filter shows exactly its articles, matched ignoring case`, async () => {
          const button = filters(page).filter({ hasText: exactly(category) });
          // The button reads in another case than the data ("Economy" vs "ECONOMY"): matching ignores case.
          const label = (await button.innerText()).trim();
          await button.click();
          await expect(button).toHaveAttribute("aria-current", "page");
          await expect(currentFilter(page)).toHaveCount(1);
          await expect(page).toHaveURL(thoughtLeadershipPaths.category(category));

          const expected = expectedFor(label);
          await expect(cards(page)).toHaveCount(expected.length);
          expect(await shownLinks(page)).toEqual(expected.map((article) => article.link));
          if (expected.length === 0) {
            await expect(page.getByText(thoughtLeadershipMessages.empty)).toBeVisible();
          } else {
            await expect(page.getByText(thoughtLeadershipMessages.empty)).toHaveCount(0);
            for (const article of expected) {
              const card = cards(page).filter({ hasText: article.title });
              await expect(card).toContainText(article.description);
              await expect(card).toContainText(article.author);
              await expect(card).toContainText(new RegExp(category, "i"));
            }
          }
        });
    });
  }

  test("a category with no article shows 'No articles found.', and 'All Projects' brings them all back", async ({
    page,
  }) => {
    const empty = articleCategories.find((category) => expectedFor(category).length === 0);
    test.skip(empty === undefined, "every category has an article in the shared content");
    await filters(page)
      .filter({ hasText: exactly(empty ?? "") })
      .click();
    await expect(page.getByText(thoughtLeadershipMessages.empty)).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await filters(page)
      .filter({ hasText: exactly(thoughtLeadershipMessages.allFilter) })
      .click();
    await expect(cards(page)).toHaveCount(articles.length);
  });

  test("every card opens its article in a new tab with rel=noopener noreferrer", async ({
    page,
    context,
  }) => {
    // Every card's attributes in one read (one round trip, not two for each of the 29 cards).
    const links = await cards(page).evaluateAll((elements) =>
      elements.map((element) => [element.getAttribute("target"), element.getAttribute("rel")]),
    );
    expect(links).toHaveLength(articles.length);
    for (const [target, rel] of links) {
      expect(target).toBe("_blank");
      expect((rel ?? "").split(/\s+/)).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
    }
    // No internet here: answer the outlet's URL locally so the new tab has something to load.
    await context.route(/^https:\/\//, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>article</title>" }),
    );
    const first = articles[0] as Article;
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      cards(page).filter({ hasText: first.title }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(first.link);
    // noopener: the article cannot reach back into our page; noreferrer: it is not told where the reader came from.
    expect(await popup.evaluate(() => [window.opener === null, document.referrer])).toEqual([
      true,
      "",
    ]);
    // The site itself stays where it was.
    await expect(page).toHaveURL("/thought-leadership");
  });
});

test.describe("the filter in the address", () => {
  test("a tap writes the choice into the address, Back restores the one before, Forward the one after", async ({
    page,
  }) => {
    await gotoPage(page, "/thought-leadership");
    const loads: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) loads.push(request.url());
    });
    await filters(page)
      .filter({ hasText: exactly("Banking") })
      .click();
    await expect(page).toHaveURL(thoughtLeadershipPaths.category("BANKING"));
    await filters(page)
      .filter({ hasText: exactly("Economy") })
      .click();
    await expect(page).toHaveURL(thoughtLeadershipPaths.category("ECONOMY"));
    await expect(cards(page)).toHaveCount(expectedFor("ECONOMY").length);

    await page.goBack();
    await expect(page).toHaveURL(thoughtLeadershipPaths.category("BANKING"));
    await expect(currentFilter(page)).toHaveText("Banking");
    await expect(cards(page)).toHaveCount(expectedFor("BANKING").length);
    await page.goBack();
    await expect(page).toHaveURL(thoughtLeadershipPaths.index);
    await expect(cards(page)).toHaveCount(articles.length);
    await page.goForward();
    await expect(currentFilter(page)).toHaveText("Banking");
    await expect(page).toHaveTitle(/^Banking \| Thought Leadership/);
    // The page answered every step itself: no page was loaded after the first.
    expect(loads).toEqual([]);
  });

  test("a shared address opens on its choice, prerendered, in each language", async ({ page }) => {
    for (const locale of ["en", "fr", "sw"] as const) {
      const prefix = locale === "en" ? "" : `/${locale}`;
      const { messages } = translations(locale);
      await gotoPage(page, `${prefix}${thoughtLeadershipPaths.category("BANKING")}`);
      await expect(currentFilter(page, locale)).toHaveText(messages.categoryNames.BANKING);
      await expect(filters(page, locale).first()).toHaveText(
        messages.thoughtLeadershipMessages.allFilter,
      );
      await expect(cards(page, locale)).toHaveCount(expectedFor("BANKING").length);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`${prefix}/thought-leadership/category/banking$`),
      );
      // Every choice stays in the page's language.
      for (const href of await filters(page, locale).evaluateAll((links) =>
        links.map((link) => link.getAttribute("href")),
      ))
        expect(href?.startsWith(`${prefix}/thought-leadership`)).toBe(true);
    }
  });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("each choice is a page of its own: its articles, its empty state, and back to all", async ({
    page,
  }) => {
    await gotoPage(page, "/fr/thought-leadership");
    const banking = filters(page, "fr").nth(articleCategories.indexOf("BANKING") + 1);
    await banking.click();
    await expect(page).toHaveURL("/fr/thought-leadership/category/banking");
    await expect(banking).toHaveAttribute("aria-current", "page");
    await expect(cards(page, "fr")).toHaveCount(expectedFor("BANKING").length);
    const empty = articleCategories.find((category) => expectedFor(category).length === 0);
    if (empty) {
      await gotoPage(page, thoughtLeadershipPaths.category(empty));
      await expect(page.getByText(thoughtLeadershipMessages.empty)).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
    }
    await filters(page).first().click();
    await expect(page).toHaveURL(thoughtLeadershipPaths.index);
    await expect(cards(page)).toHaveCount(articles.length);
  });
});

test.describe("on a phone with a CPU four times slower", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the first tap on a filter is answered at once, with no code fetched; the time is printed", async ({
    page,
  }) => {
    await gotoPage(page, "/thought-leadership");
    await page.waitForLoadState("networkidle");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    // Scripts, pages or data fetched after the page loaded (an icon the browser asks for does not count).
    const requests: string[] = [];
    page.on("request", (request) => {
      if (["script", "document", "fetch", "xhr"].includes(request.resourceType()))
        requests.push(new URL(request.url()).pathname);
    });
    const banking = filters(page).filter({ hasText: exactly("Banking") });
    // From the touch to the choice being marked current, measured in the page on its own clock.
    await page.evaluate(() => {
      const marks: { touched?: number; answered?: number } = {};
      Object.assign(window, { tapMarks: marks });
      document.addEventListener("touchstart", (event) => (marks.touched = event.timeStamp), {
        once: true,
        capture: true,
      });
      const nav = document.querySelector("[data-tl-filter]");
      if (nav)
        new MutationObserver(() => {
          if (nav.querySelector('[aria-current="page"]')?.textContent === "Banking")
            marks.answered ??= performance.now();
        }).observe(nav, { attributes: true, subtree: true, attributeFilter: ["aria-current"] });
    });
    await banking.tap();
    await expect(banking).toHaveAttribute("aria-current", "page");
    await expect(cards(page)).toHaveCount(expectedFor("BANKING").length);
    const marks = await page.evaluate(
      () => (window as unknown as { tapMarks: { touched?: number; answered?: number } }).tapMarks,
    );
    const ms = (marks.answered ?? Number.NaN) - (marks.touched ?? Number.NaN);
    console.log(
      `first tap on a Thought Leadership filter answered in ${ms.toFixed(0)} ms (CPU 4x slower)`,
    );
    expect(Number.isFinite(ms)).toBe(true);
    // Nothing was fetched to answer it: no script, no page.
    expect(requests).toEqual([]);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  });
});
