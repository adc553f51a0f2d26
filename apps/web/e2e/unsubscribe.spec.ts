import { expect, test, type Page } from "@playwright/test";
import { newsletterContent } from "@site/shared/content";
import { newsletterMessages, privacyMessages, unsubscribeMessages } from "@site/shared/messages";
import { gotoPage, waitForIsland } from "./support/page-health";
import { mailsTo, queryDatabase } from "./support/product-state";
import { e2eRun } from "./support/run-env";
import { uniqueEmail } from "./support/unique";

const run = e2eRun();

async function subscribe(page: Page, address: string) {
  await gotoPage(page, "/");
  const form = page.locator("form").filter({ has: page.getByLabel(newsletterContent.label) });
  await waitForIsland(form);
  await form.getByLabel(newsletterContent.label).fill(address);
  await form.getByRole("button", { name: newsletterContent.button }).click();
}

const status = (address: string) =>
  queryDatabase(run.dataDir, "SELECT status FROM subscriptions WHERE email = ?", address);

test("newsletter: the welcome mail's link unsubscribes after a confirmation, and subscribing again needs the link mailed to the address", async ({
  page,
}) => {
  const address = uniqueEmail("leaving");
  await subscribe(page, address);
  await expect(page.getByText(newsletterMessages.success)).toBeVisible();

  // The welcome mail (written as an .eml file by the outbox) carries the personal link; it names the
  // public SITE_URL, so only its path and token are opened here.
  await expect
    .poll(async () => (await mailsTo(run.mailDir, address)).length, { timeout: 15_000 })
    .toBe(1);
  const [welcome] = await mailsTo(run.mailDir, address);
  const link = /\/api\/unsubscribe\?token=[\w.-]+/.exec(welcome?.text ?? "")?.[0];
  expect(link, welcome?.text).toBeDefined();

  await page.goto(`${run.baseUrl}${link}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    unsubscribeMessages.confirmTitle,
  );
  await expect(page.getByText(address)).toBeVisible();
  // Opening the link changed nothing.
  expect(status(address)).toEqual([{ status: "subscribed" }]);

  await page.getByRole("button", { name: unsubscribeMessages.confirmButton }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(unsubscribeMessages.doneTitle);
  expect(status(address)).toEqual([{ status: "unsubscribed" }]);

  // Decision 10: the form asks to check the inbox; the address stays unsubscribed until the link is used.
  await subscribe(page, address);
  await expect(
    page.getByRole("status").filter({ hasText: privacyMessages.confirmMailed }),
  ).toBeVisible();
  expect(status(address)).toEqual([{ status: "unsubscribed" }]);
  await expect
    .poll(async () => (await mailsTo(run.mailDir, address)).length, { timeout: 15_000 })
    .toBe(2);
  const confirmation = (await mailsTo(run.mailDir, address)).find((mail) =>
    /\/api\/subscriptions\/confirm\?token=/.test(mail.text ?? ""),
  );
  const back = /\/api\/subscriptions\/confirm\?token=[\w.-]+/.exec(confirmation?.text ?? "")?.[0];
  expect(back, confirmation?.text).toBeDefined();
  await page.goto(`${run.baseUrl}${back}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    unsubscribeMessages.resubscribe.confirmTitle,
  );
  expect(status(address)).toEqual([{ status: "unsubscribed" }]);
  await page.getByRole("button", { name: unsubscribeMessages.resubscribe.confirmButton }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    unsubscribeMessages.resubscribe.doneTitle,
  );
  expect(status(address)).toEqual([{ status: "subscribed" }]);
});

test("each form says what its data is for and links the privacy notice", async ({ page }) => {
  for (const [path, sentence] of [
    ["/", privacyMessages.newsletterNotice],
    ["/contact", privacyMessages.contactNotice],
  ] as const) {
    await gotoPage(page, path);
    const note = page.getByText(sentence);
    await expect(note).toBeVisible();
    await note.getByRole("link", { name: privacyMessages.noticeLink }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Notice");
  }
});
