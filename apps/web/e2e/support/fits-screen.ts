import { expect, type Page } from "@playwright/test";

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
