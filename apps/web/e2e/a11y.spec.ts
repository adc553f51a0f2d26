import { expect, test } from "@playwright/test";
import { routes } from "@site/shared/content";
import { contactForm } from "./support/contact-form";
import { expectNoAxeViolations } from "./support/axe";
import { expectFitsScreen } from "./support/fits-screen";
import { gotoPage, waitForIsland } from "./support/page-health";

const widths = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 900 },
] as const;

const pages = [
  ...routes.map((route) => ({ label: route.path, path: route.path })),
  { label: "the 404 page", path: "/this-page-does-not-exist" },
];

// Every page at a phone's width and a desktop's from one load, the viewport changed between the two
// runs (as languages.spec.ts checks the French and Swahili pages): the layout follows the style sheet
// alone, no script reads the width, so the second run sees what a desktop load shows, without a second
// browser context and page load per page. At the phone's width the page must also fit the screen.
const atWidths = widths.map((size) => `${size.name} (${size.width} px)`).join(" and ");
test.describe(`axe, WCAG 2.2 A/AA, ${atWidths}`, () => {
  for (const target of pages) {
    test(`${target.label} has no violations and fits a phone`, async ({ page }) => {
      for (const [index, size] of widths.entries()) {
        await page.setViewportSize({ width: size.width, height: size.height });
        if (index === 0) await gotoPage(page, target.path);
        await expectNoAxeViolations(page, `${target.path} at ${size.width} px`);
        if (size.name === "phone")
          await expectFitsScreen(page, `${target.path} at ${size.width} px`);
      }
    });
  }
});

test.describe("axe on opened widgets", () => {
  test("the open mobile menu has no violations", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoPage(page, "/");
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.locator("body")).toHaveClass(/menu-active/);
    await expectNoAxeViolations(page, "/ with the mobile menu open at 390 px");
  });

  test("the open About dropdown and the contact form's errors have no violations", async ({
    page,
  }) => {
    await gotoPage(page, "/contact");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: /about/i })
      .click();
    await expectNoAxeViolations(page, "/contact with the About dropdown open");
    await page.keyboard.press("Escape");
    await waitForIsland(contactForm(page).form);
    await contactForm(page)
      .form.getByRole("button", { name: /send|submit/i })
      .click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoAxeViolations(page, "/contact showing the form's errors");
  });
});
