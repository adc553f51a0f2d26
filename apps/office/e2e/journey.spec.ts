import type { Browser, BrowserContext, Page } from "@playwright/test";
import { officeMessages } from "@site/shared/office";
import { contactForm, fillContact } from "../../web/e2e/support/contact-form";
import { tabTo, waitForIsland, watchConsole } from "../../web/e2e/support/page-health";
import { uniqueEmail } from "../../web/e2e/support/unique";
import { mailTo, signInLink, startMailbox, type Smtp } from "./support/mail";
import { expect, ownerEmail, test } from "./support/product";
import { axeAtBothWidths, desktop, phone } from "./support/widths";

/**
 * The office, end to end, as the firm uses it: the owner signs in by a mailed link and invites a
 * colleague; the colleague signs in on her own device, takes a lead posted through the public contact
 * form, notes, replies (the mail arrives over SMTP threaded to the firm's notification) and closes it;
 * her filters survive a reload; she signs out; the owner removes her and her next request lands on
 * sign-in. axe runs on sign-in, the inbox, a lead and the staff screen at 390 and 1366 px.
 */
test.describe.configure({ mode: "serial" });

const colleagueEmail = uniqueEmail("amani");
const subject = `Payments review ${colleagueEmail.slice(6, 14)}`;

let smtp: Smtp;
let owner: BrowserContext;
let ownerPage: Page;
let colleague: BrowserContext;
let colleaguePage: Page;
/**
 * What the office's pages report as broken: a script error, or anything the strict CSP refused (an inline
 * style or script would be). The journey's 401s and 410 are expected answers, logged by the browser as
 * failed loads: not counted.
 */
const problems: string[] = [];
function watch(page: Page): Page {
  const seen = watchConsole(page);
  page.on("close", () =>
    problems.push(...seen.filter((line) => /CSP violation|uncaught/i.test(line))),
  );
  return page;
}

test.beforeAll(async ({ product }) => {
  smtp = await startMailbox(product.smtpPort);
});
test.afterAll(async () => {
  await owner?.close();
  await colleague?.close();
  await smtp?.close();
});

/** Asks for a link on the sign-in screen and follows the one mailed to `address`. */
async function signIn(browser: Browser, address: string, nth: number, viewport = desktop) {
  const context = await browser.newContext({ viewport, serviceWorkers: "block" });
  const page = watch(await context.newPage());
  await page.goto("/admin/leads?owner=me");
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fleads%3Fowner%3Dme/);
  await page.getByRole("textbox", { name: "Work email address" }).fill(address);
  await page.getByRole("button", { name: "Mail me a sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: officeMessages.linkSent })).toBeVisible();
  const link = signInLink(await mailTo(smtp, address, /sign-in#token=/, nth));
  await page.goto(link);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  // The token left the address bar before anyone pressed anything.
  expect(new URL(page.url()).hash).toBe("");
  return { context, page };
}

test("the owner signs in with the mailed link; the link works once", async ({ browser }) => {
  ({ context: owner, page: ownerPage } = await signIn(browser, ownerEmail, 1));
  await axeAtBothWidths(ownerPage, "sign-in landing");
  const used = ownerPage.url();
  await ownerPage.getByRole("button", { name: "Sign in" }).click();
  await expect(ownerPage).toHaveURL(/\/admin\/leads\?owner=me$/);
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();

  // The same link again, in another browser: refused in the catalogue's words, with a way to ask anew.
  const stranger = await browser.newContext({ serviceWorkers: "block" });
  const page = watch(await stranger.newPage());
  const link = signInLink(await mailTo(smtp, ownerEmail, /sign-in#token=/, 1));
  expect(used).not.toContain("#token");
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText(officeMessages.linkExpired);
  await page.getByRole("button", { name: "Ask for a new link" }).click();
  await expect(page.getByRole("textbox", { name: "Work email address" })).toBeVisible();
  await axeAtBothWidths(page, "sign-in");
  await stranger.close();
});

test("the owner invites a colleague, who signs in on her own phone", async ({ browser }) => {
  await ownerPage.getByRole("link", { name: "Staff" }).click();
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Staff" })).toBeFocused();
  await ownerPage.getByRole("textbox", { name: "Work email address" }).fill(colleagueEmail);
  await ownerPage.getByRole("combobox", { name: "Role" }).selectOption("staff");
  await ownerPage.getByRole("button", { name: "Invite" }).click();
  await expect(
    ownerPage.getByRole("status").filter({ hasText: `${colleagueEmail} is invited` }),
  ).toBeVisible();
  await expect(ownerPage.getByRole("rowheader", { name: colleagueEmail })).toBeVisible();
  await axeAtBothWidths(ownerPage, "staff");

  const invitation = await mailTo(smtp, colleagueEmail, /sign-in#token=/, 1);
  colleague = await browser.newContext({ viewport: phone, serviceWorkers: "block" });
  colleaguePage = watch(await colleague.newPage());
  await colleaguePage.goto(signInLink(invitation));
  await colleaguePage.getByRole("button", { name: "Sign in" }).click();
  await expect(colleaguePage.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await expect(colleaguePage.getByText(`(${colleagueEmail})`)).toBeVisible();
  // Staff are not owners: no staff screen for her.
  await expect(colleaguePage.getByRole("link", { name: "Staff" })).toHaveCount(0);
});

test("the colleague finds a lead from the contact form, takes it, notes, replies and closes it", async ({
  product,
}) => {
  // A visitor writes through the public contact form (the site's own form, in its own browser page).
  const visitor = await colleague.browser()?.newContext({ serviceWorkers: "block" });
  if (!visitor) throw new Error("no browser");
  const site = await visitor.newPage();
  await site.goto("/contact");
  const form = contactForm(site);
  await waitForIsland(form.form);
  const visitorEmail = uniqueEmail("wanjiku");
  await fillContact(form, {
    name: "Wanjiku Kamau",
    email: visitorEmail,
    subject,
    description: "We would like a review of our payments strategy.",
  });
  await form.submit.click();
  await expect(site.getByText("Thank you for contacting us!")).toBeVisible();
  await visitor.close();
  const notification = await mailTo(smtp, product.contactInbox, new RegExp(subject), 1);

  // The inbox, searched for it.
  const page = colleaguePage;
  await page.goto("/admin/leads");
  await page.getByRole("searchbox", { name: "Search" }).fill(subject);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 lead shown." })).toBeVisible();
  await axeAtBothWidths(page, "inbox");
  await page.getByRole("link", { name: "Wanjiku Kamau" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Wanjiku Kamau: ${subject}` }),
  ).toBeFocused();
  // The notification links to this lead.
  expect(notification.parsed.text).toContain(new URL(page.url()).pathname);

  await page.getByRole("button", { name: "Assign to me" }).click();
  await expect(page.getByText(`Handled by ${colleagueEmail}`)).toBeVisible();
  await page
    .getByRole("textbox", { name: "Note (never mailed)" })
    .fill("Called them; a review in January.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(
    page.getByRole("region", { name: "History" }).getByText("Called them; a review in January."),
  ).toBeVisible();

  const reply = page.getByRole("form", { name: "Reply" });
  await reply.getByRole("textbox", { name: "Message" }).fill("Thank you: we can meet next week.");
  await reply.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Reply queued for sending.")).toBeVisible();
  const mailed = await mailTo(smtp, visitorEmail, /we can meet next week/, 1);
  expect(mailed.parsed.subject).toBe(`Re: ${subject}`);
  expect(mailed.parsed.replyTo?.text).toContain(colleagueEmail);
  expect(notification.parsed.messageId).toBeTruthy();
  expect(mailed.parsed.inReplyTo).toBe(notification.parsed.messageId);
  expect([mailed.parsed.references].flat()).toContain(notification.parsed.messageId);
  // The first answer moved it on and timed it.
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("in_progress");
  await expect(page.getByText("Not answered yet")).toHaveCount(0);

  // Closing needs a reason.
  await page.getByRole("combobox", { name: "Status" }).selectOption("closed");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByRole("combobox", { name: "Reason for closing" })).toBeFocused();
  await expect(page.getByText(officeMessages.closeReasonRequired)).toBeVisible();
  await page.getByRole("combobox", { name: "Reason for closing" }).selectOption("won");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(
    page.getByRole("region", { name: "History" }).getByText("Closed: Won"),
  ).toBeVisible();
  await axeAtBothWidths(page, "lead");
});

test("the colleague's filters survive a reload; she signs out", async () => {
  const page = colleaguePage;
  await page.goto(`/admin/leads?status=closed&owner=me&q=${encodeURIComponent(subject)}`);
  await expect(page.getByRole("link", { name: "Wanjiku Kamau" })).toBeVisible();
  // By keyboard alone: to the language, English, to Apply, Enter.
  const language = page.getByRole("combobox", { name: "Language" });
  await tabTo(page, language);
  await page.keyboard.press("ArrowDown");
  await expect(language).toHaveValue("en");
  await tabTo(page, page.getByRole("button", { name: "Apply filters" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/status=closed&owner=me&locale=en&q=/);
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Owner" })).toHaveValue("me");
  await expect(page.getByRole("combobox", { name: "Language" })).toHaveValue("en");
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(subject);
  await expect(page.getByRole("link", { name: /^Closed \(1\)$/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("link", { name: "Wanjiku Kamau" })).toBeVisible();
  // The export carries the same filters: this one lead, as CSV, with her session.
  const csv = page.getByRole("link", { name: "Export these leads as CSV" });
  const href = await csv.getAttribute("href");
  expect(href).toBe(`/api/office/leads.csv${new URL(page.url()).search}`);
  const exported = await page.request.get(href ?? "");
  expect(exported.status()).toBe(200);
  expect(exported.headers()["content-type"]).toContain("text/csv");
  const rows = (await exported.text()).trim().split(/\r?\n/);
  expect(rows).toHaveLength(2);
  expect(rows[1]).toContain(subject);

  // And into the lead by keyboard: focus lands on its heading.
  await tabTo(page, page.getByRole("link", { name: "Wanjiku Kamau" }));
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("heading", { level: 1, name: `Wanjiku Kamau: ${subject}` }),
  ).toBeFocused();

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByText("You are signed out.")).toBeVisible();
  await page.goto("/admin/leads");
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fleads/);
});

test("the owner removes the colleague: her session ends at once", async ({ browser }) => {
  // She signs in again (a fresh link), then the owner removes her.
  await colleague.close();
  ({ context: colleague, page: colleaguePage } = await signIn(browser, colleagueEmail, 2, phone));
  await colleaguePage.getByRole("button", { name: "Sign in" }).click();
  await expect(colleaguePage.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();

  await ownerPage.goto("/admin/staff");
  await ownerPage.getByRole("button", { name: `Remove ${colleagueEmail}` }).click();
  await expect(ownerPage.getByRole("button", { name: "Yes, remove" })).toBeFocused();
  await ownerPage.getByRole("button", { name: "Yes, remove" }).click();
  await expect(
    ownerPage.getByRole("status").filter({ hasText: `${colleagueEmail} was removed` }),
  ).toBeVisible();
  await expect(ownerPage.getByRole("rowheader", { name: colleagueEmail })).toHaveCount(0);

  // Her next request (opening a lead's list page again) is refused and lands on sign-in.
  await colleaguePage.getByRole("link", { name: /^Closed/ }).click();
  await expect(colleaguePage).toHaveURL(/\/admin\/sign-in\?next=%2Fleads%3Fstatus%3Dclosed/);
  await expect(colleaguePage.getByText("Please sign in to continue.")).toBeVisible();
});

test("no office page had a script error or a CSP refusal along the way", async () => {
  await ownerPage.close();
  await colleaguePage.close();
  expect(problems).toEqual([]);
});
