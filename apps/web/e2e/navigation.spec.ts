import { expect, test, type Page } from "@playwright/test";
import {
  aboutSections,
  careersContent,
  contactContent,
  contactCta,
  firm,
  footerColumns,
  geographies,
  headerNav,
  homeContent,
  industriesContent,
  mobileNav,
} from "@site/shared/content";
import { pageContent, routes } from "./support/pages";
import { escapeRegExp, exactly, gotoPage, scrollToBottom, scrollY } from "./support/page-health";

const headingOf = (path: string) => {
  const route = routes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No route ${path}`);
  return new RegExp(escapeRegExp(pageContent[route.id].heading), "i");
};

const mainNav = (page: Page) => page.getByRole("banner").getByRole("navigation", { name: "Main" });

/** The About disclosure in the header: its toggle button and the list it controls. */
function aboutMenu(page: Page) {
  const toggle = mainNav(page).getByRole("button", { name: /about/i });
  const listOf = async () => page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
  return { toggle, listOf };
}

test.describe("header", () => {
  for (const item of headerNav) {
    test(`the ${item.label} link leads to ${item.href}, at the top of the page`, async ({
      page,
    }) => {
      await gotoPage(page, item.href === "/" ? "/contact" : "/");
      await mainNav(page)
        .getByRole("link", { name: exactly(item.label) })
        .click();
      await expect(page).toHaveURL(item.href);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(headingOf(item.href));
      await expect(mainNav(page).getByRole("link", { name: exactly(item.label) })).toHaveAttribute(
        "aria-current",
        "page",
      );
      expect(await scrollY(page)).toBe(0);
    });
  }

  test("the Contact Us button leads to /contact", async ({ page }) => {
    await gotoPage(page, "/");
    await page
      .getByRole("banner")
      .getByRole("link", { name: exactly(contactCta.label) })
      .click();
    await expect(page).toHaveURL(contactCta.href);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(headingOf("/contact"));
  });

  for (const section of aboutSections) {
    test(`the About dropdown's "${section.label}" scrolls /about to #${section.id}`, async ({
      page,
    }) => {
      await gotoPage(page, "/services");
      const { toggle, listOf } = aboutMenu(page);
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      const list = await listOf();
      await expect(list.getByRole("link")).toHaveCount(aboutSections.length);
      await list.getByRole("link", { name: exactly(section.label) }).click();
      await expect(page).toHaveURL(`/about#${section.id}`);
      await expect(page.locator(`[id="${section.id}"]`)).toBeInViewport();
      // Navigating closed the dropdown.
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
    });
  }

  test("a press outside the About dropdown closes it", async ({ page }) => {
    await gotoPage(page, "/");
    const { toggle, listOf } = aboutMenu(page);
    await toggle.click();
    await expect((await listOf()).getByRole("link").first()).toBeVisible();
    // Well below the open list, which covers the top of the page.
    await page.getByRole("main").click({ position: { x: 8, y: 500 } });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect((await listOf()).getByRole("link").first()).toBeHidden();
  });
});

test.describe("mobile menu at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the burger opens and closes the menu, toggling body.menu-active and aria-expanded; Careers is there", async ({
    page,
  }) => {
    await gotoPage(page, "/");
    const burger = page.getByRole("button", { name: "Menu" });
    await expect(burger).toBeVisible();
    await expect(mainNav(page)).toBeHidden();
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("body")).not.toHaveClass(/(^|\s)menu-active(\s|$)/);

    await burger.click();
    await expect(burger).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator("body")).toHaveClass(/(^|\s)menu-active(\s|$)/);
    const menu = page.locator(`[id="${await burger.getAttribute("aria-controls")}"]`);
    for (const item of mobileNav) {
      await expect(menu.getByRole("link", { name: exactly(item.label) })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: exactly("Careers") })).toBeVisible();

    await burger.click();
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("body")).not.toHaveClass(/(^|\s)menu-active(\s|$)/);
    await expect(menu.getByRole("link", { name: exactly("Careers") })).toBeHidden();
  });

  test("a link in the menu navigates, closes the menu and lands at the top", async ({ page }) => {
    await gotoPage(page, "/");
    const burger = page.getByRole("button", { name: "Menu" });
    await burger.click();
    const menu = page.locator(`[id="${await burger.getAttribute("aria-controls")}"]`);
    await menu.getByRole("link", { name: exactly("Careers") }).click();
    await expect(page).toHaveURL("/careers");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(headingOf("/careers"));
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("body")).not.toHaveClass(/(^|\s)menu-active(\s|$)/);
    expect(await scrollY(page)).toBe(0);
  });

  test("an About anchor in the menu scrolls to its section", async ({ page }) => {
    await gotoPage(page, "/");
    const burger = page.getByRole("button", { name: "Menu" });
    await burger.click();
    const menu = page.locator(`[id="${await burger.getAttribute("aria-controls")}"]`);
    const section = aboutSections[3];
    await menu.getByRole("link", { name: exactly(section.label) }).click();
    await expect(page).toHaveURL(`/about#${section.id}`);
    await expect(page.locator(`[id="${section.id}"]`)).toBeInViewport();
  });
});

test.describe("footer", () => {
  const footer = (page: Page) => page.getByRole("contentinfo");

  for (const link of footerColumns.linksAndResources.links) {
    test(`Links & Resources: "${link.label}" leads to ${link.href} at the top`, async ({
      page,
    }) => {
      await gotoPage(page, "/");
      await scrollToBottom(page);
      await footer(page)
        .getByRole("navigation", { name: footerColumns.linksAndResources.heading })
        .getByRole("link", { name: exactly(link.label) })
        .click();
      await expect(page).toHaveURL(link.href);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(headingOf(link.href));
      // A route change lands at the top even though the click happened at the bottom of the page.
      await expect.poll(() => scrollY(page)).toBe(0);
    });
  }

  // One test per link: each is two page loads, and all of them in one test outgrew its time on a busy host.
  for (const link of footerColumns.coreServices.links) {
    test(`Core Services: "${link.label}" scrolls ${link.href} to its section`, async ({ page }) => {
      await gotoPage(page, "/");
      await footer(page)
        .getByRole("navigation", { name: footerColumns.coreServices.heading })
        .getByRole("link", { name: exactly(link.label) })
        .click();
      await expect(page).toHaveURL(link.href);
      const id = link.href.split("#")[1] ?? "";
      await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
    });
  }

  test("lists the 21 geographies in order, the contacts, four social links and the 2025 copyright", async ({
    page,
  }) => {
    await gotoPage(page, "/");
    const region = footer(page);
    const geographyList = region
      .getByRole("list")
      .filter({ hasText: geographies[0] })
      .filter({ hasText: geographies[20] });
    await expect(geographyList.getByRole("listitem")).toHaveText([...geographies]);
    await expect(region.getByRole("link", { name: firm.phone })).toHaveAttribute(
      "href",
      firm.phoneHref,
    );
    await expect(region.getByRole("link", { name: firm.email, exact: true })).toHaveAttribute(
      "href",
      `mailto:${firm.email}`,
    );
    await expect(region.getByRole("link", { name: firm.careersEmail })).toHaveAttribute(
      "href",
      `mailto:${firm.careersEmail}`,
    );
    for (const social of firm.socials) {
      const link = region.getByRole("link", { name: new RegExp(escapeRegExp(social.label), "i") });
      await expect(link).toHaveAttribute("href", social.href);
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    await expect(region).toContainText(`© ${firm.copyrightYear}`);
  });

  test("the scroll-to-top button brings the page back to the top", async ({ page }) => {
    await gotoPage(page, "/industries");
    await scrollToBottom(page);
    await footer(page).getByRole("button", { name: /top/i }).click();
    await expect.poll(() => scrollY(page), { timeout: 5_000 }).toBe(0);
  });
});

test("a route change lands at the top of the new page", async ({ page }) => {
  await gotoPage(page, "/");
  await scrollToBottom(page);
  const getInTouch = homeContent.howItWorks.cta;
  await page
    .getByRole("main")
    .getByRole("link", { name: exactly(getInTouch.label) })
    .click();
  await expect(page).toHaveURL(getInTouch.href);
  await expect.poll(() => scrollY(page)).toBe(0);
  // Another long page, another in-page link near its end.
  await gotoPage(page, "/industries");
  await scrollToBottom(page);
  const schedule = industriesContent.support.links[1];
  await page
    .getByRole("main")
    .getByRole("link", { name: exactly(schedule.label) })
    .click();
  await expect(page).toHaveURL(schedule.href);
  await expect.poll(() => scrollY(page)).toBe(0);
});

test.describe("calls to action in the pages", () => {
  const actions = [
    { from: "/", link: homeContent.hero.primary },
    { from: "/", link: homeContent.hero.secondary },
    { from: "/", link: homeContent.howItWorks.cta },
    { from: "/industries", link: industriesContent.hero.cta },
    ...industriesContent.support.links.map((link) => ({ from: "/industries", link })),
    { from: "/contact", link: contactContent.careersPointer.link },
  ];
  for (const { from, link } of actions) {
    test(`"${link.label}" on ${from} leads to ${link.href}`, async ({ page }) => {
      await gotoPage(page, from);
      await page
        .getByRole("main")
        .getByRole("link", { name: exactly(link.label) })
        .click();
      await expect(page).toHaveURL(link.href);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(headingOf(link.href));
    });
  }

  test("Careers' Send Us Your CV is an e-mail to the careers address", async ({ page }) => {
    await gotoPage(page, "/careers");
    await expect(
      page.getByRole("main").getByRole("link", { name: exactly(careersContent.cta.label) }),
    ).toHaveAttribute("href", careersContent.cta.href);
    await expect(
      page.getByRole("main").getByRole("link", { name: exactly(careersContent.cta.label) }),
    ).toHaveAttribute("href", new RegExp(`^mailto:${escapeRegExp(firm.careersEmail)}`));
  });
});

test("after navigations the head describes the page shown: one title, description and canonical each", async ({
  page,
}) => {
  await gotoPage(page, "/");
  const head = () =>
    page.evaluate(() => ({
      title: document.title,
      titles: document.querySelectorAll("title").length,
      descriptions: [...document.querySelectorAll('meta[name="description"]')].map((meta) =>
        meta.getAttribute("content"),
      ),
      canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map((link) =>
        link.getAttribute("href"),
      ),
      ogUrls: [...document.querySelectorAll('meta[property="og:url"]')].map((meta) =>
        meta.getAttribute("content"),
      ),
    }));
  const initial = await head();
  expect(initial.titles).toBe(1);
  expect(initial.canonicals).toHaveLength(1);

  for (const path of ["/contact", "/thought-leadership", "/"]) {
    const route = routes.find((candidate) => candidate.path === path);
    if (!route) throw new Error(`No route ${path}`);
    await page.locator(`a[href="${path}"]:visible`).first().click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}$`));
    await expect.poll(async () => (await head()).title).toBe(`${route.title} | ${firm.name}`);
    const now = await head();
    expect(now.titles).toBe(1);
    expect(now.descriptions).toEqual([route.description]);
    expect(now.canonicals).toHaveLength(1);
    expect(now.canonicals[0]).toMatch(new RegExp(`${escapeRegExp(path)}$`));
    expect(now.ogUrls).toEqual(now.canonicals);
  }
});
