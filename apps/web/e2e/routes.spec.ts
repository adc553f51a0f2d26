import { expect, test } from "@playwright/test";
import { contactContent, firm, notFoundPath } from "@site/shared/content";
import { notFoundMessages } from "@site/shared/messages";
import { contactForm } from "./support/contact-form";
import { expectAccessibleOnPhone } from "./support/fits-screen";
import { pageContent, routes } from "./support/pages";
import { escapeRegExp, gotoPage, watchConsole } from "./support/page-health";

// Each route is loaded once for all its checks: what it answers and logs, then axe at both widths
// (the open menus and the form's errors: a11y.spec.ts).
test.describe("every route", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const route of routes) {
    const content = pageContent[route.id];

    test(`${route.path} answers 200, runs its script, logs no console error or hydration warning, has no axe violations at 390 and 1366 px and fits a phone`, async ({
      page,
    }) => {
      const problems = watchConsole(page);
      const response = await gotoPage(page, route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(
        new RegExp(`^${escapeRegExp(route.title)}\\b.*${escapeRegExp(firm.name)}`),
      );
      await expect(page.getByRole("heading", { level: 1 })).toContainText(
        new RegExp(escapeRegExp(content.heading), "i"),
      );
      // Lazy chunks and late effects report their errors after load: let the network settle first.
      await page.waitForLoadState("networkidle");
      expect(problems, problems.join("\n")).toEqual([]);
      await expectAccessibleOnPhone(page, route.path, { desktop: true });
    });
  }

  test("control: an island whose prerendered markup differs from what React renders is reported", async ({
    page,
  }) => {
    // Proves the check above can fail: tamper with the contact form's heading in the served HTML;
    // once the visitor reaches for the form, React's production hydration error (#418) must reach
    // the watch. (The rest of a page is static HTML that React never takes over.)
    const problems = watchConsole(page);
    await page.route("**/contact", async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        body: (await response.text()).replace(contactContent.formHeading, "A tampered heading"),
      });
    });
    await page.goto("/contact");
    await contactForm(page).name.focus();
    await expect.poll(() => problems.join("\n")).toMatch(/React error #418|hydrat/i);
  });

  test("an unknown path shows the 404 page with HTTP status 404, without axe violations at 390 and 1366 px, and Return Home leads home", async ({
    page,
  }) => {
    const problems = watchConsole(page);
    const response = await gotoPage(page, "/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: notFoundMessages.title }),
    ).toBeVisible();
    await expect(page.getByText(notFoundMessages.text)).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The browser itself logs the document's 404 status; anything else is the page's fault.
    expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
    await expectAccessibleOnPhone(page, "/no-such-page/at-all", { desktop: true });

    await page.getByRole("link", { name: notFoundMessages.action }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(pageContent.home.heading);
  });

  test("the prerendered not-found page is not indexed", async ({ page }) => {
    await page.goto(notFoundPath);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  // Four routes to a test, each route a named step (a test for each paid for a new browser context
  // each time; the page loads are the same).
  for (let start = 0; start < routes.length; start += 4) {
    const group = routes.slice(start, start + 4);
    test(`${group.map((route) => route.path).join(", ")} still show their content`, async ({
      page,
    }) => {
      for (const route of group)
        await test.step(`${route.path} still shows its content`, async () => {
          const content = pageContent[route.id];
          const response = await page.goto(route.path);
          expect(response?.status()).toBe(200);
          await expect(page.getByRole("heading", { level: 1 })).toContainText(
            new RegExp(escapeRegExp(content.heading), "i"),
          );
          const main = page.getByRole("main");
          for (const text of content.texts) {
            await expect(
              main.getByText(text, { exact: false }).first(),
              `"${text}" on ${route.path}`,
            ).toBeAttached();
          }
          // Header and footer navigation are plain links that work without scripts.
          await expect(page.getByRole("contentinfo").getByRole("link").first()).toBeVisible();
        });
    });
  }

  test("an unknown path still shows the 404 page", async ({ page }) => {
    const response = await page.goto("/missing-without-scripts");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: notFoundMessages.title }),
    ).toBeVisible();
  });
});
