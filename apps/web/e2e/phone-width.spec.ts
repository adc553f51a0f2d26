import { expect, test } from "@playwright/test";
import { blogPaths } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { notFoundPath, routePaths } from "@site/shared/content";
import { localePath, locales } from "@site/shared/i18n";

/**
 * Every page, in every language, fits a 390 px phone: nothing is wider than the screen. French and
 * Swahili words are longer than English ones ("Domaines d’expertise" in a third of the screen, a
 * button's "Prendre rendez-vous pour une consultation"), so each language is checked on its own.
 */
const paths = [
  ...routePaths,
  blogPaths.post(blogPosts[0]?.slug ?? ""),
  "/search?q=sacco",
  notFoundPath,
];

test.use({ viewport: { width: 390, height: 844 } });

for (const locale of locales)
  test(`every ${locale} page fits a 390 px screen`, async ({ page }) => {
    const tooWide: string[] = [];
    for (const path of paths) {
      const url = localePath(locale, path);
      await page.goto(url);
      const overflow = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth <= width) return null;
        // The innermost elements that stick out: the cause, not the parents it widens.
        const wide = [...document.querySelectorAll("body *")].filter(
          (element) => element.getBoundingClientRect().right > width + 0.5,
        );
        return wide
          .filter((element) => !wide.some((other) => other !== element && element.contains(other)))
          .slice(0, 3)
          .map(
            (element) =>
              `${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? "").trim().slice(0, 40)}" ends at ${Math.round(element.getBoundingClientRect().right)} px`,
          );
      });
      if (overflow) tooWide.push(`${url}: ${overflow.join("; ")}`);
    }
    expect(tooWide, tooWide.join("\n")).toEqual([]);
  });
