import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../../../web/e2e/support/axe";

/** The two widths every office screen is checked at: a 390 px phone and a 1366 px laptop. */
export const phone = { width: 390, height: 844 };
export const desktop = { width: 1366, height: 900 };

/** Where OFFICE_SCREENSHOTS names a folder, each checked screen is saved there at both widths too. */
const shots = process.env.OFFICE_SCREENSHOTS;

/** axe finds nothing on `page` at either width; the page gets its own width back afterwards. */
export async function axeAtBothWidths(page: Page, where: string): Promise<void> {
  const size = page.viewportSize();
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `${where} at ${viewport.width} px`);
    if (shots)
      await page.screenshot({
        path: `${shots}/${where.replace(/\W+/g, "-")}-${viewport.width}.png`,
        fullPage: true,
      });
  }
  if (size) await page.setViewportSize(size);
}
