import { expect, test, type Page } from "@playwright/test";
import { blogPaths, postLanguages, postText } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { routes } from "@site/shared/content";
import { localePath, type Locale } from "@site/shared/i18n";
import { translations } from "@site/shared/i18n/translations";
import { expectAccessibleOnPhone } from "./support/fits-screen";
import { gotoPage, waitForIsland } from "./support/page-health";
import { contactMails, mailsTo, queryDatabase } from "./support/product-state";
import { e2eRun } from "./support/run-env";
import { uniqueEmail } from "./support/unique";

const run = e2eRun();
const french = translations("fr");
const swahili = translations("sw");
const routeTitle = (locale: Locale, id: string) =>
  translations(locale).content.routes.find((route) => route.id === id)?.title ?? id;

/** The language links in the strip above the header's bar. */
const switcher = (page: Page) =>
  page
    .getByRole("banner")
    .getByRole("navigation", { name: /./ })
    .filter({ has: page.locator("a[hreflang]") })
    .first();

test.describe("languages", () => {
  test("the switcher leads to the same page in French, then back to English, and stores nothing", async ({
    page,
    context,
  }) => {
    await gotoPage(page, "/about");
    await switcher(page).getByRole("link", { name: "Français" }).click();
    await expect(page).toHaveURL(/\/fr\/about$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(routeTitle("fr", "about"));
    await expect(switcher(page).getByRole("link", { name: "Français" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    // A link in the page stays in French.
    await page
      .getByRole("banner")
      .getByRole("link", { name: french.content.contactCta.label })
      .first()
      .click();
    await expect(page).toHaveURL(/\/fr\/contact$/);
    await switcher(page).getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => Object.keys(localStorage).length)).toBe(0);
  });

  test("a French browser asking for / gets the English home page, not a redirect", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      locale: "fr-FR",
      extraHTTPHeaders: { "Accept-Language": "fr-FR,fr;q=0.9" },
    });
    const page = await context.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });

  test("an unknown French address answers the French 404 page", async ({ page }) => {
    const response = await page.goto("/fr/cette-page-n-existe-pas");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      french.messages.notFoundMessages.title,
    );
  });

  test("the French contact form speaks French: its labels, its errors, its success; the inquiry is stored", async ({
    page,
  }) => {
    const labels = french.messages.siteMessages.fields;
    await gotoPage(page, "/fr/contact");
    const form = page.locator("form").filter({ has: page.getByLabel(labels.nameLabel) });
    await waitForIsland(form);
    await form.getByRole("button", { name: labels.send }).click();
    for (const message of [
      french.messages.validationMessages.nameRequired,
      french.messages.validationMessages.emailRequired,
      french.messages.validationMessages.subjectRequired,
      french.messages.validationMessages.descriptionRequired,
    ])
      await expect(form.getByText(message)).toBeVisible();
    const email = uniqueEmail("fr-contact");
    await form.getByLabel(labels.nameLabel).fill("Aïcha Diallo");
    await form.getByLabel(labels.emailLabel).fill(email);
    await form.getByLabel(labels.subjectLabel).fill("Stratégie de croissance");
    await form
      .getByLabel(labels.descriptionLabel)
      .fill("Nous souhaitons revoir notre plan stratégique.");
    await form.getByRole("button", { name: labels.send }).click();
    await expect(page.getByText(french.messages.contactMessages.success)).toBeVisible();
    const [stored] = queryDatabase(
      run.dataDir,
      "SELECT id, subject, locale FROM contacts WHERE lower(email) = lower(?)",
      email,
    ) as { id: string; subject: string; locale: string }[];
    expect(stored).toMatchObject({ subject: "Stratégie de croissance", locale: "fr" });
    // The acknowledgement is in French; the firm's notification stays English and names the language.
    const { acknowledgement, notification } = await contactMails(run, email, stored?.id ?? "");
    // (Its subject names the contact's reference, which the page never shows.)
    const [subjectStart = ""] = french.messages.mailMessages.contactReceipt
      .subject("\u0000")
      .split("\u0000");
    expect(acknowledgement.subject.startsWith(subjectStart)).toBe(true);
    expect(subjectStart).not.toBe("We received your message (reference ");
    expect(acknowledgement.html).toContain('lang="fr"');
    expect(notification.text).toContain("French");
  });

  test("the Swahili newsletter block refuses a bad address in Swahili and subscribes in Swahili", async ({
    page,
  }) => {
    const block = swahili.messages.newsletterContent;
    await gotoPage(page, "/sw/services");
    const form = page.locator("form").filter({ has: page.getByLabel(block.label) });
    await waitForIsland(form);
    await form.getByLabel(block.label).fill("si-barua-pepe");
    await form.getByRole("button", { name: block.button }).click();
    await expect(
      page.getByText(swahili.messages.validationMessages.newsletterEmailInvalid),
    ).toBeVisible();
    const address = uniqueEmail("sw-news");
    await form.getByLabel(block.label).fill(address);
    await form.getByRole("button", { name: block.button }).click();
    await expect(page.getByText(swahili.messages.newsletterMessages.success)).toBeVisible();
    // The welcome mail is in Swahili.
    await expect.poll(async () => (await mailsTo(run.mailDir, address)).length).toBe(1);
    const [welcome] = await mailsTo(run.mailDir, address);
    expect(welcome?.subject).toBe(swahili.messages.mailMessages.welcome.subject);
    expect(welcome?.html).toContain('lang="sw"');
  });
});

/** Loads `path` at a phone's width and checks it there (and at a desktop's where `desktop` is set). */
async function axeAt(page: Page, path: string, { desktop }: { desktop: boolean }) {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoPage(page, path);
  await expectAccessibleOnPhone(page, path, { desktop });
}

// Every page in French and Swahili is checked with axe at a phone's width, where the words are most
// squeezed and the menu's button shows. What a language changes is its words and its lang attributes,
// the same at any width, and the header, whose desktop links replace the menu's button from a width of
// the language's own (its labels are longer): each language's home page (and its contact page, the
// forms) is checked at 1366 px too. Below the header, the layout at 1366 px is the same markup and style
// sheets in every language, checked on every English page at both widths in routes.spec.ts. The search's
// results page is checked here too (in English, by search.spec.ts).
//
// Three pages to a test, each page a named step (a test for each page paid for a new browser context
// each time; the page loads are the same).
const bothWidthsIn = new Set(["/", "/contact"]);
const checkedPaths = [...routes.map((route) => route.path), "/search?q=sacco", "/no-such-page"];
for (const locale of ["fr", "sw"] as const) {
  test.describe(`axe, ${locale}`, () => {
    for (let start = 0; start < checkedPaths.length; start += 3) {
      const group = checkedPaths.slice(start, start + 3);
      test(`${group.map((path) => localePath(locale, path)).join(", ")} have no violations and fit the phone`, async ({
        page,
      }) => {
        for (const path of group) {
          const desktop = bothWidthsIn.has(path);
          await test.step(`${localePath(locale, path)} has no violations at 390${desktop ? " and 1366" : ""} px and fits the phone`, () =>
            axeAt(page, localePath(locale, path), { desktop }));
        }
      });
    }
  });
}

// A post translated into French and Swahili: the reader moves between its languages by the links under
// its byline, and each of its pages passes axe (so does a post shown in English elsewhere): the English
// one at both widths (the only post page checked in English), its translations at 390 px as above.
const translatedPost = blogPosts.find((post) => postLanguages(post).length === 3);
const untranslatedHere = blogPosts.find(
  (post) => !post.translations.sw && postLanguages(post).length > 1,
);

test.describe("a translated post", () => {
  test("leads from the English post to its French and Swahili translations, each in its language", async ({
    page,
  }) => {
    if (!translatedPost) throw new Error("no post has both translations");
    const path = blogPaths.post(translatedPost.slug);
    await gotoPage(page, path);
    const languages = page.locator(".post__languages");
    await languages.getByRole("link", { name: "Français" }).click();
    await expect(page).toHaveURL(new RegExp(`/fr${path}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      postText(translatedPost, "fr").title,
    );
    await expect(page.getByText(french.messages.blogMessages.translatedFromEnglish)).toBeVisible();
    await languages.getByRole("link", { name: "Kiswahili" }).click();
    await expect(page).toHaveURL(new RegExp(`/sw${path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      postText(translatedPost, "sw").title,
    );
    await languages.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(translatedPost.title);
  });

  const pages = [
    ...(translatedPost
      ? (["en", "fr", "sw"] as const).map((locale) =>
          localePath(locale, blogPaths.post(translatedPost.slug)),
        )
      : []),
    ...(untranslatedHere ? [localePath("sw", blogPaths.post(untranslatedHere.slug))] : []),
  ];
  for (const path of pages) {
    const desktop = !["/fr/", "/sw/"].some((prefix) => path.startsWith(prefix));
    test(`${path} has no axe violations at 390${desktop ? " and 1366" : ""} px and fits the phone`, async ({
      page,
    }) => {
      await axeAt(page, path, { desktop });
    });
  }
});
