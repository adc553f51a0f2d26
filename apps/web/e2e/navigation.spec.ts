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

/**
 * Follows one link to another page, as a step of a walk: the page before each step is the one the
 * step before it led to (each page load serves two checks: where the last link led, and the next link
 * from there), and a step never starts on the page it leads to, so every link is a real page change.
 */
async function walkTo(page: Page, title: string, href: string, follow: () => Promise<void>) {
  await test.step(title, async () => {
    expect(new URL(page.url()).pathname, `${title}: starts on another page`).not.toBe(
      new URL(href, page.url()).pathname,
    );
    await follow();
    await expect(page).toHaveURL(href);
  });
}

test.describe("header", () => {
  /** Follows the header's link to `item` and checks its page: the heading, marked current, at the top. */
  async function headerLink(page: Page, item: (typeof headerNav)[number]) {
    await walkTo(
      page,
      `the ${item.label} link leads to ${item.href}, at the top of the page`,
      item.href,
      async () => {
        await mainNav(page)
          .getByRole("link", { name: exactly(item.label) })
          .click();
        await expect(page).toHaveURL(item.href);
        await expect(page.getByRole("heading", { level: 1 })).toContainText(headingOf(item.href));
        await expect(
          mainNav(page).getByRole("link", { name: exactly(item.label) }),
        ).toHaveAttribute("aria-current", "page");
        expect(await scrollY(page)).toBe(0);
      },
    );
  }

  // Two walks of at most seven page loads each, from page to page by the header alone (a test per
  // link was two loads each).
  const [home, ...others] = headerNav;
  const half = Math.ceil(others.length / 2);
  test(`the ${home?.label} link and the Contact Us button lead to their pages, then ${others
    .slice(0, half)
    .map((item) => item.label)
    .join(", ")}`, async ({ page }) => {
    if (!home) throw new Error("the header has no links");
    await gotoPage(page, "/contact");
    await headerLink(page, home);
    await walkTo(page, "the Contact Us button leads to /contact", contactCta.href, async () => {
      await page
        .getByRole("banner")
        .getByRole("link", { name: exactly(contactCta.label) })
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(headingOf("/contact"));
    });
    for (const item of others.slice(0, half)) await headerLink(page, item);
  });

  test(`the header links ${others
    .slice(half)
    .map((item) => item.label)
    .join(", ")} lead to their pages, at the top`, async ({ page }) => {
    await gotoPage(page, "/");
    for (const item of others.slice(half)) await headerLink(page, item);
  });

  // Each anchor from /services, as a named step: two tests of three (a test for each paid for a new
  // browser context each time; the page loads are the same).
  const aboutHalf = Math.ceil(aboutSections.length / 2);
  for (const sections of [aboutSections.slice(0, aboutHalf), aboutSections.slice(aboutHalf)])
    test(`the About dropdown's ${sections.map((section) => `"${section.label}"`).join(", ")} each scroll /about to their section`, async ({
      page,
    }) => {
      for (const section of sections)
        await test.step(`the About dropdown's "${section.label}" scrolls /about to #${section.id}`, async () => {
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
    });

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

  // One test, each former test a named step (a test for each paid for a new browser context).
  test("the burger opens and closes the menu; a link in it navigates and closes it; an About anchor in it scrolls", async ({
    page,
  }) => {
    await test.step("the burger opens and closes the menu, toggling body.menu-active and aria-expanded; Careers is there", async () => {
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
    await test.step("a link in the menu navigates, closes the menu and lands at the top", async () => {
      // On "/" as loaded, the menu closed again: where the step before left it.
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
    await test.step("an About anchor in the menu scrolls to its section", async () => {
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
});

test.describe("footer", () => {
  const footer = (page: Page) => page.getByRole("contentinfo");

  /** A footer link followed from another page: its label, and the check of where it leads. */
  interface FooterStep {
    label: string;
    follow(page: Page): Promise<void>;
  }
  type FooterLink = { label: string; href: string };

  /** Links & Resources: from the bottom of the page, the link leads to its page, landing at the top. */
  const resource = (link: FooterLink): FooterStep => ({
    label: link.label,
    follow: (page) =>
      walkTo(
        page,
        `Links & Resources: "${link.label}" leads to ${link.href} at the top`,
        link.href,
        async () => {
          await scrollToBottom(page);
          await footer(page)
            .getByRole("navigation", { name: footerColumns.linksAndResources.heading })
            .getByRole("link", { name: exactly(link.label) })
            .click();
          await expect(page).toHaveURL(link.href);
          await expect(page.getByRole("heading", { level: 1 })).toContainText(headingOf(link.href));
          // A route change lands at the top even though the click happened at the bottom of the page.
          await expect.poll(() => scrollY(page)).toBe(0);
        },
      ),
  });

  /** Core Services: the link leads to its section of /services, from another page, in view. */
  const coreService = (link: FooterLink): FooterStep => ({
    label: link.label,
    follow: (page) =>
      walkTo(
        page,
        `Core Services: "${link.label}" scrolls ${link.href} to its section`,
        link.href,
        async () => {
          await footer(page)
            .getByRole("navigation", { name: footerColumns.coreServices.heading })
            .getByRole("link", { name: exactly(link.label) })
            .click();
          await expect(page).toHaveURL(link.href);
          const id = link.href.split("#")[1] ?? "";
          await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
        },
      ),
  });

  // Every footer link from another page, in walks from page to page: a Links & Resources link, then a
  // Core Services link from the page it led to, and so on, never a Core Services link from /services
  // (walkTo refuses it: that would be a jump within the page, not the page change a visitor makes).
  // Three walks of at most six page loads each (a test per link was two loads each; all of them in one
  // test outgrew its time on a busy host).
  const resources = footerColumns.linksAndResources.links.map(resource);
  const services = footerColumns.coreServices.links.map(coreService);
  const [l0, l1, l2, l3, l4, l5, l6, l7] = resources;
  const [c0, c1, c2, c3, c4, c5] = services;
  const walks = [
    [l0, c0, l1, c1],
    [l2, l3, c2, l4, c3],
    [l5, c4, l6, c5, l7],
  ].map((walk) => walk.filter((step): step is FooterStep => step !== undefined));
  if (new Set(walks.flat()).size !== resources.length + services.length)
    throw new Error("every footer link is in exactly one walk: update the walks");
  for (const walk of walks) {
    test(`footer links from page to page: ${walk.map((step) => step.label).join(", ")}`, async ({
      page,
    }) => {
      await gotoPage(page, "/");
      for (const step of walk) await step.follow(page);
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
  // One test per page the calls start from, each call a named step from a fresh load of that page.
  for (const from of new Set(actions.map((action) => action.from))) {
    const links = actions.filter((action) => action.from === from).map((action) => action.link);
    test(`the calls to action on ${from} lead to their pages: ${links.map((link) => `"${link.label}"`).join(", ")}`, async ({
      page,
    }) => {
      for (const link of links)
        await test.step(`"${link.label}" on ${from} leads to ${link.href}`, async () => {
          await gotoPage(page, from);
          await page
            .getByRole("main")
            .getByRole("link", { name: exactly(link.label) })
            .click();
          await expect(page).toHaveURL(link.href);
          await expect(page.getByRole("heading", { level: 1 })).toContainText(headingOf(link.href));
        });
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
