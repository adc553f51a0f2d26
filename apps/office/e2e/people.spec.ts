import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { newsletterContent } from "@site/shared/content";
import { officeMessages } from "@site/shared/office";
import { contactForm, fillContact } from "../../web/e2e/support/contact-form";
import { waitForIsland } from "../../web/e2e/support/page-health";
import { uniqueEmail } from "../../web/e2e/support/unique";
import { mailTo, signInLink, type Smtp } from "./support/mail";
import { mailboxWhenFree, signInThrough } from "./support/owner";
import { expect, ownerEmail, test } from "./support/product";
import { axeAtBothWidths, desktop } from "./support/widths";

/**
 * People's data, end to end: a visitor sends an inquiry through the public contact form and subscribes
 * through the newsletter block; the owner records their erasure request in the register, opens it, sees
 * everything held, exports it as JSON and erases it; the person is then in no list (leads, subscribers),
 * and the audit log shows each step. A staff member is offered neither the erasure nor the audit log,
 * and the API refuses both with 403. axe runs on the people, register and audit screens at 390 and
 * 1366 px.
 */
test.describe.configure({ mode: "serial" });

const visitor = uniqueEmail("person");
const subject = `Data request ${visitor.slice(7, 15)}`;
const staffEmail = uniqueEmail("clerk");

let smtp: Smtp;
let owner: Page;
let requestId = "";
let erasureId = "";

test.beforeAll(async ({ product }) => {
  smtp = await mailboxWhenFree(product.smtpPort);
});
test.afterAll(async () => {
  await owner?.context().close();
  await smtp?.close();
});

test("a visitor sends an inquiry and subscribes through the public site", async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const site = await context.newPage();
  await site.goto("/contact");
  const form = contactForm(site);
  await waitForIsland(form.form);
  await fillContact(form, {
    name: "Neema Mwangi",
    email: visitor,
    subject,
    description: "Please tell me what you hold about me.",
  });
  await form.submit.click();
  await expect(site.getByText("Thank you for contacting us!")).toBeVisible();

  await site.goto("/");
  const newsletter = site.locator("form").filter({ has: site.getByLabel(newsletterContent.label) });
  await waitForIsland(newsletter);
  await newsletter.getByLabel(newsletterContent.label).fill(visitor);
  await newsletter.getByRole("button", { name: newsletterContent.button }).click();
  await expect(site.getByText("Successfully subscribed to newsletter!")).toBeVisible();
  await context.close();
});

test("the owner records the request in the register and opens it: everything held, on one page", async ({
  browser,
}) => {
  owner = await signInThrough(browser, smtp, {
    email: ownerEmail,
    path: "/people/requests",
    heading: "Register of requests",
    viewport: desktop,
  });
  await owner.getByRole("textbox", { name: "The person's address" }).fill(visitor);
  await owner.getByRole("combobox", { name: "What they asked for" }).selectOption("erasure");
  await owner.getByRole("combobox", { name: "How it came" }).selectOption("web-form");
  await owner
    .getByRole("textbox", { name: "Note" })
    .fill("Asked through the site; address confirmed by reply.");
  await owner.getByRole("button", { name: "Record" }).click();
  await expect(
    owner.getByRole("status").filter({ hasText: "The request is recorded." }),
  ).toBeVisible();
  const open = owner.getByRole("link", { name: `Open ${visitor}` });
  await expect(open).toBeVisible();
  requestId =
    new URL((await open.getAttribute("href")) ?? "", "http://x").searchParams.get("request") ?? "";
  expect(requestId).not.toBe("");
  await axeAtBothWidths(owner, "register");

  await owner.setViewportSize(desktop);
  await open.click();
  await expect(
    owner.getByRole("heading", { name: "What is held about this address" }),
  ).toBeVisible();
  // The address is read from the register by the entry's id: it is in no URL.
  expect(owner.url()).not.toContain(visitor.split("@")[0] ?? visitor);
  await expect(owner.getByRole("region", { name: "Inquiries" })).toContainText(subject);
  await expect(owner.getByRole("region", { name: "Newsletter subscription" })).toContainText(
    "subscribed",
  );
  await expect(owner.getByRole("region", { name: "Mails" })).toContainText(
    "contact-acknowledgement",
  );
  await axeAtBothWidths(owner, "people");
});

test("the owner exports the person's data as JSON, then erases it, confirmed by typing the address", async () => {
  await owner.setViewportSize(desktop);
  const download = owner.waitForEvent("download");
  await owner.getByRole("button", { name: "Export as JSON" }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await readFile(file, "utf8")) as {
    email: string;
    contacts: { subject: string }[];
    subscription: { status: string } | null;
  };
  expect(exported.email).toBe(visitor);
  expect(exported.contacts.map((contact) => contact.subject)).toEqual([subject]);
  expect(exported.subscription?.status).toBe("subscribed");

  await owner.getByRole("button", { name: "Erase…" }).click();
  const confirmation = owner.getByRole("textbox", { name: "Type the address again to confirm" });
  await confirmation.fill(`x${visitor}`);
  await owner.getByRole("button", { name: "Erase for good" }).click();
  await expect(
    owner.getByText("Type the person's address exactly to confirm the erasure."),
  ).toBeVisible();
  await confirmation.fill(visitor.toUpperCase());
  await owner.getByRole("button", { name: "Erase for good" }).click();
  await expect(
    owner
      .getByRole("status")
      .filter({ hasText: "Erased. Nothing about this address remains but the erasure record." }),
  ).toBeVisible();
  erasureId = (await owner.locator("dd").first().textContent()) ?? "";
  expect(erasureId).not.toBe("");
});

test("the erased person is in no list: leads, subscribers, the register keeps only the keyed hash", async () => {
  await owner.goto("/admin/leads");
  await owner.getByRole("searchbox", { name: "Search" }).fill(subject);
  await owner.getByRole("button", { name: "Apply filters" }).click();
  await expect(
    owner.getByRole("status").filter({ hasText: "No leads match these filters." }),
  ).toBeVisible();

  const subscribers = await owner.request.get(
    `/api/office/subscribers?q=${encodeURIComponent(visitor)}`,
  );
  expect(subscribers.status()).toBe(200);
  expect(((await subscribers.json()) as { items: unknown[] }).items).toEqual([]);

  await owner.goto("/admin/people/requests?state=answered");
  await expect(
    owner.getByRole("rowheader", { name: "Erased (keyed hash kept)" }).first(),
  ).toBeVisible();
  await expect(owner.getByText(visitor)).toHaveCount(0);
});

test("the audit log shows each step, and says nothing of the address", async () => {
  const rowsOf = async (query: string) => {
    await owner.goto(`/admin/audit?${query}`);
    await expect(owner.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await expect(owner.getByRole("table")).toBeVisible();
    return owner.getByRole("rowheader");
  };
  await expect(await rowsOf(`target=${requestId}`)).toHaveText([
    "data-request.answered",
    "data-request.recorded",
  ]);
  await expect(await rowsOf(`q=${erasureId}`)).toHaveText(["person.erased"]);
  await expect(await rowsOf(`q=${requestId}&action=person.exported`)).toHaveText([
    "person.exported",
  ]);
  const viewed = await rowsOf(`action=person.viewed&actor=${encodeURIComponent(ownerEmail)}`);
  await expect(viewed.first()).toHaveText("person.viewed");
  await owner.goto(`/admin/audit?actor=${encodeURIComponent(ownerEmail)}`);
  await expect(owner.getByRole("table")).toBeVisible();
  await expect(owner.getByRole("table")).not.toContainText(visitor);
  await axeAtBothWidths(owner, "audit log");
});

test("a staff member is offered neither the erasure nor the audit log, and the API refuses both", async ({
  browser,
}) => {
  await owner.goto("/admin/staff");
  await owner.getByRole("textbox", { name: "Work email address" }).fill(staffEmail);
  await owner.getByRole("combobox", { name: "Role" }).selectOption("staff");
  await owner.getByRole("button", { name: "Invite" }).click();
  await expect(owner.getByRole("rowheader", { name: staffEmail })).toBeVisible();

  const context = await browser.newContext({ viewport: desktop, serviceWorkers: "block" });
  const page = await context.newPage();
  await page.goto(signInLink(await mailTo(smtp, staffEmail, /sign-in#token=/, 1)));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("link", { name: "People's data" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Audit log" })).toHaveCount(0);

  await page.goto("/admin/people");
  await page.getByRole("textbox", { name: "Address" }).fill(staffEmail);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(
    page.getByRole("heading", { name: "What is held about this address" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Erase…" })).toHaveCount(0);
  await expect(page.getByText("Only an owner can erase a person's data.")).toBeVisible();

  await page.goto("/admin/audit");
  await expect(page.getByRole("alert")).toContainText("Only an owner can read the audit log.");

  const me = (await (await page.request.get("/api/office/me")).json()) as { csrfToken: string };
  const audit = await page.request.get("/api/office/audit");
  expect(audit.status()).toBe(403);
  const erase = await page.request.post("/api/office/people/erase", {
    headers: { "X-CSRF-Token": me.csrfToken },
    data: { email: staffEmail, confirmation: staffEmail },
  });
  expect(erase.status()).toBe(403);
  expect(((await erase.json()) as { error: string }).error).toBe(officeMessages.forbidden);
  await context.close();
});
