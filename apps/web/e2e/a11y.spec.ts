import { expect, test } from "@playwright/test";
import { contactForm } from "./support/contact-form";
import { expectNoAxeViolations } from "./support/axe";
import { gotoPage, waitForIsland } from "./support/page-health";

// axe on every route and the 404 page as loaded, at 390 and 1366 px, runs in routes.spec.ts on the load
// that checks the page's status and console; the French and Swahili pages in languages.spec.ts. Here:
// the widgets a visitor opens.
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
