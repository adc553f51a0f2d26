import { expect, test, type Page } from "@playwright/test";
import { articleCategories, articles, type Article } from "@site/shared/content";
import { thoughtLeadershipMessages } from "@site/shared/messages";
import { exactly, gotoPage } from "./support/page-health";

const filters = (page: Page) => page.getByRole("group", { name: /filter/i }).getByRole("button");
const cards = (page: Page) =>
  page.getByRole("main").getByRole("link", { name: /opens in a new tab/i });

/** The articles a filter labelled `label` must show: its category, compared ignoring case. */
const expectedFor = (label: string): readonly Article[] =>
  articles.filter((article) => article.category.toLowerCase() === label.trim().toLowerCase());

/** The card links on the page, in order, as their href attributes. */
const shownLinks = (page: Page) =>
  cards(page).evaluateAll((links) => links.map((link) => link.getAttribute("href")));

test.describe("thought leadership", () => {
  test.beforeEach(async ({ page }) => {
    await gotoPage(page, "/thought-leadership");
  });

  test("'All Projects' comes first, is pressed, and every article is shown", async ({ page }) => {
    await expect(page.getByText(thoughtLeadershipMessages.subtitle)).toBeVisible();
    await expect(filters(page)).toHaveText([
      thoughtLeadershipMessages.allFilter,
      ...articleCategories.map((category) => new RegExp(`^\\s*${category}\\s*$`, "i")),
    ]);
    await expect(filters(page).first()).toHaveAttribute("aria-pressed", "true");
    expect(await shownLinks(page)).toEqual(articles.map((article) => article.link));
  });

  for (const category of articleCategories) {
    test(`the ${category.toLowerCase()} filter shows exactly its articles, matched ignoring case`, async ({
      page,
    }) => {
      const button = filters(page).filter({ hasText: exactly(category) });
      // The button reads in another case than the data ("Economy" vs "ECONOMY"): matching ignores case.
      const label = (await button.innerText()).trim();
      await button.click();
      await expect(button).toHaveAttribute("aria-pressed", "true");
      await expect(
        filters(page).filter({ hasText: exactly(thoughtLeadershipMessages.allFilter) }),
      ).toHaveAttribute("aria-pressed", "false");
      await expect(page.locator('[aria-pressed="true"]')).toHaveCount(1);

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
    for (const card of await cards(page).all()) {
      await expect(card).toHaveAttribute("target", "_blank");
      const rel = (await card.getAttribute("rel")) ?? "";
      expect(rel.split(/\s+/)).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
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
