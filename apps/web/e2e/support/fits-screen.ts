import { expect, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";

/**
 * Fails when anything on the page as it is now is wider than the screen (the page scrolls sideways),
 * naming the innermost elements that stick out: the cause, not the parents it widens. The specs that
 * load every page at a phone's width for axe call it there, so each page is loaded once for both checks.
 * French and Swahili words are longer than English ones ("Domaines d’expertise" in a third of the
 * screen, a button's "Prendre rendez-vous pour une consultation"), so each language is checked.
 */
export async function expectFitsScreen(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolled = document.documentElement.scrollWidth;
    if (scrolled <= width) return [];
    const wide = [...document.querySelectorAll("body *")].filter(
      (element) => element.getBoundingClientRect().right > width + 0.5,
    );
    const causes = wide
      .filter((element) => !wide.some((other) => other !== element && element.contains(other)))
      .slice(0, 3)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""} "${(element.textContent ?? "").trim().slice(0, 40)}" ends at ${Math.round(element.getBoundingClientRect().right)} px`,
      );
    return [`${scrolled} px wide on a ${width} px screen`, ...causes];
  });
  expect(overflow, `${where} is wider than the screen: ${overflow.join("; ")}`).toEqual([]);
}

/**
 * axe (WCAG 2.2 A/AA) on the page as loaded at a phone's width (390 px), where it must also fit the
 * screen, then, where `desktop` is set, axe at a desktop's (1366 px): one load, the viewport changed
 * between the two runs. The layout follows the style sheet alone, no script reads the width, so the
 * second run sees what a desktop load shows.
 */
export async function expectAccessibleOnPhone(
  page: Page,
  path: string,
  { desktop }: { desktop: boolean },
): Promise<void> {
  await expectNoAxeViolations(page, `${path} at 390 px`);
  await expectFitsScreen(page, `${path} at 390 px`);
  if (!desktop) return;
  await page.setViewportSize({ width: 1366, height: 900 });
  await expectNoAxeViolations(page, `${path} at 1366 px`);
}
