import { expect, test, type Page } from "@playwright/test";
import { newsletterContent } from "@site/shared/content";
import { contactMessages } from "@site/shared/messages";
import { contactForm, fillContact } from "./support/contact-form";
import { gotoWithScriptHeld, holdRequests } from "./support/held-request";
import { gotoPage, isHydrated, scrollToBottom, waitForIsland } from "./support/page-health";
import { queryDatabase } from "./support/product-state";
import { e2eRun } from "./support/run-env";
import { uniqueEmail } from "./support/unique";

// The forms are islands (components/ui/island.tsx): prerendered in full, their code (form state,
// validation, requests) loaded only when a visitor comes near them or reaches for them.

const run = e2eRun();

/** The script files the page has requested so far, by name without the hash. */
function scriptsRequested(page: Page): () => string[] {
  const names: string[] = [];
  page.on("request", (request) => {
    const file = /\/assets\/([a-z-]+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname)?.[1];
    if (file) names.push(file);
  });
  return () => names;
}

test("the contact form's code loads only when the visitor reaches for the form", async ({
  page,
}) => {
  const scripts = scriptsRequested(page);
  await gotoPage(page, "/contact");
  await page.waitForLoadState("networkidle");
  expect(scripts()).not.toContain("contact-island");
  const form = contactForm(page);
  expect(await isHydrated(form.form)).toBe(false);

  await form.name.focus();
  await waitForIsland(form.form, { reach: false });
  expect(scripts()).toContain("contact-island");
});

test("a pointer already resting on the form when the page's script starts wakes it: a still mouse sends no event", async ({
  page,
}) => {
  const held = await gotoWithScriptHeld(page, "/contact");
  const form = contactForm(page);
  await form.name.hover();
  expect(await isHydrated(form.form)).toBe(false);

  held.release();
  await waitForIsland(form.form, { reach: false });
});

test("the newsletter block's code loads as the block comes near the viewport", async ({ page }) => {
  const scripts = scriptsRequested(page);
  await gotoPage(page, "/");
  await page.waitForLoadState("networkidle");
  expect(scripts()).not.toContain("newsletter-island");

  await scrollToBottom(page);
  const form = page.locator("form").filter({ has: page.getByLabel(newsletterContent.label) });
  await expect.poll(() => isHydrated(form), { timeout: 10_000 }).toBe(true);
  expect(scripts()).toContain("newsletter-island");
});

test("what a visitor types while the form's code is still on its way is kept and sent", async ({
  page,
}) => {
  await gotoPage(page, "/contact");
  const held = await holdRequests(page, "**/assets/contact-island-*.js");
  const form = contactForm(page);
  const values = {
    name: "Baraka Otieno",
    email: uniqueEmail("early"),
    subject: "Early bird",
    description: "Typed on a slow line.",
  };
  await form.name.fill(values.name);
  await form.email.fill(values.email);
  expect(await isHydrated(form.form)).toBe(false);

  held.release();
  await waitForIsland(form.form, { reach: false });
  await expect(form.name).toHaveValue(values.name);
  await form.subject.fill(values.subject);
  await form.description.fill(values.description);
  await form.submit.click();
  await expect(page.getByText(contactMessages.success)).toBeVisible();
  await expect(form.name).toHaveValue("");
  expect(
    queryDatabase(run.dataDir, "SELECT name, subject FROM contacts WHERE email = ?", values.email),
  ).toEqual([{ name: values.name, subject: values.subject }]);
});

test("a page reached by a link is static too: its form comes alive on the first touch", async ({
  page,
}) => {
  await gotoPage(page, "/careers");
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact Us" }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  const form = contactForm(page);
  await expect(form.heading).toBeVisible();
  expect(await isHydrated(form.form)).toBe(false);
  await form.name.focus();
  await waitForIsland(form.form, { reach: false });
  await form.name.fill("Imani");
  await expect(form.name).toHaveValue("Imani");
});

/** The background colours of the newsletter section and of its Subscribe button. */
async function subscribeColours(page: Page) {
  const section = page.locator("section.newsletter");
  const button = section.getByRole("button", { name: newsletterContent.button });
  await button.scrollIntoViewIfNeeded();
  const background = (locator: typeof section) =>
    locator.evaluate((element) => getComputedStyle(element).backgroundColor);
  return { section: await background(section), button: await background(button) };
}

test("the forms' shared styles come before their own: the Subscribe button stands out, before and after its code loads", async ({
  page,
}) => {
  await gotoPage(page, "/services");
  const first = await subscribeColours(page);
  expect(first.button).not.toBe(first.section);

  await gotoPage(page, "/careers");
  await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  const form = page.locator("form").filter({ has: page.getByLabel(newsletterContent.label) });
  const navigated = await subscribeColours(page);
  await expect.poll(() => isHydrated(form), { timeout: 10_000 }).toBe(true);
  const hydrated = await subscribeColours(page);
  expect(navigated.button).toBe(first.button);
  expect(hydrated.button).toBe(first.button);
});

test("if the form's code cannot be fetched, the form still sends the inquiry as a plain HTML form", async ({
  page,
}) => {
  await gotoPage(page, "/contact");
  await page.route("**/assets/contact-island-*.js", (route) => route.abort("internetdisconnected"));
  const form = contactForm(page);
  const values = {
    name: "Neema Achieng",
    email: uniqueEmail("offline-code"),
    subject: "Lost code",
    description: "The script never came.",
  };
  await fillContact(form, values);
  expect(await isHydrated(form.form)).toBe(false);
  await form.submit.click();
  await expect(page.getByText(contactMessages.success)).toBeVisible();
  expect(
    queryDatabase(run.dataDir, "SELECT name, subject FROM contacts WHERE email = ?", values.email),
  ).toEqual([{ name: values.name, subject: values.subject }]);
});
