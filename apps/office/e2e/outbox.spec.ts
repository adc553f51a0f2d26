import { outboxMessages } from "@site/shared/office";
import { expectNoAxeViolations } from "../../web/e2e/support/axe";
import type { TestSmtpOptions } from "../../admin-api/test/helpers/smtp";
import { mailTo, type Smtp } from "./support/mail";
import { mailboxWhenFree, signInThrough } from "./support/owner";
import { expect, ownerEmail, test } from "./support/product";

/**
 * The mail outbox, end to end: the firm's SMTP server refuses mail (550), so a sign-in link the API
 * queues fails for good; the owner finds it in the outbox's failed mails, opens it and retries it; the
 * server, accepting again, receives it, and the mail's page shows it sent; a second retry is not offered.
 * axe runs on the outbox's list and on the mail at 390 px and 1366 px.
 */
test.describe.configure({ mode: "serial" });

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

/** The server's behaviour, read at every RCPT: set `rejectRecipient` to refuse, clear it to accept. */
const behaviour: TestSmtpOptions = {};
let smtp: Smtp;

test.beforeAll(async ({ product }) => {
  smtp = await mailboxWhenFree(product.smtpPort, behaviour);
});
test.afterAll(async () => {
  await smtp?.close();
});

const signInMails = () =>
  smtp.received.filter(
    (mail) =>
      mail.envelope.to.includes(ownerEmail) && /sign-in#token=/.test(mail.parsed.text ?? ""),
  ).length;

test("a mail the server refused is retried from the office and arrives", async ({
  browser,
  request,
}) => {
  const page = await signInThrough(browser, smtp, {
    email: ownerEmail,
    path: "/outbox?state=failed",
    heading: "Mail outbox",
    viewport: desktop,
  });

  // The server refuses every recipient for good: the next sign-in link fails on its first attempt.
  behaviour.rejectRecipient = { code: 550, message: "5.1.1 Mailbox unavailable" };
  const response = await request.post("/api/office/sign-in/link", {
    data: { email: ownerEmail },
  });
  expect(response.status()).toBe(202);
  const failed = page.getByRole("row").filter({ hasText: "5.1.1 Mailbox unavailable" });
  await expect(async () => {
    await page.reload();
    await expect(failed.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  behaviour.rejectRecipient = undefined;

  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `the outbox's failed mails at ${viewport.width} px`);
  }

  const before = signInMails();
  await failed.first().getByRole("link", { name: ownerEmail }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Mail to ${ownerEmail}` }),
  ).toBeVisible();
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `a failed mail at ${viewport.width} px`);
  }

  await page.getByRole("button", { name: "Retry this mail" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Queued again" })).toBeVisible();
  await mailTo(smtp, ownerEmail, /sign-in#token=/, before + 1);
  const state = page.locator("dt", { hasText: /^State$/ }).locator("+ dd");
  await expect(state).toHaveText("Sent", { timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Retry this mail" })).toHaveCount(0);

  // The API refuses a second retry of it, whoever asks.
  const id = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  const csrf = await page.evaluate(async () => {
    const me = (await (await fetch("/api/office/me")).json()) as { csrfToken: string };
    return me.csrfToken;
  });
  const again = await page.request.post(`/api/office/outbox/${id}/retry`, {
    headers: { "X-CSRF-Token": csrf },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: string }).error).toBe(outboxMessages.notFailed);
  await page.context().close();
});
