import { uniqueEmail } from "../../web/e2e/support/unique";
import type { Smtp } from "./support/mail";
import { mailboxWhenFree, signInThrough } from "./support/owner";
import { expect, ownerEmail, test } from "./support/product";
import { axeAtBothWidths, desktop } from "./support/widths";

/**
 * The first screen and the subscribers, end to end: three people subscribe through the public API (as
 * the site's form does); a staff member signs in on the overview, follows its subscribers figure to the
 * list, filters it to the three, exports them as CSV (the server's file, fetched with the session), and
 * unsubscribes one on their request. axe runs on both screens at 390 px and 1366 px.
 */
test.describe.configure({ mode: "serial" });

const tag = uniqueEmail("s").slice(2, 10).toLowerCase();
const people = ["wanjiru", "otieno", "amina"].map((name) => `${name}.${tag}@example.com`);

let smtp: Smtp;

test.beforeAll(async ({ product }) => {
  smtp = await mailboxWhenFree(product.smtpPort);
});
test.afterAll(async () => {
  await smtp?.close();
});

test("staff open the overview, follow it to the subscribers, filter, export and unsubscribe one on request", async ({
  browser,
  request,
}) => {
  for (const email of people) {
    const response = await request.post("/api/subscriptions", { data: { email } });
    expect(response.status(), await response.text()).toBe(201);
  }

  const page = await signInThrough(browser, smtp, {
    email: ownerEmail,
    path: "/",
    heading: "Leads",
    viewport: desktop,
  });
  await page
    .getByRole("navigation", { name: "Office" })
    .getByRole("link", { name: "Overview" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeFocused();
  await expect(page.getByRole("link", { name: /Subscribers$/ }).first()).toBeVisible();
  await expect(
    page.getByRole("img", { name: /Subscriptions and departures per week/ }),
  ).toBeVisible();
  await axeAtBothWidths(page, "the overview");

  // The figure leads to the list of the subscribed, which counts at least the three.
  await page
    .getByRole("list", { name: "This week in the office" })
    .getByRole("link", { name: / Subscribers$/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/subscribers\?status=subscribed$/);
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeFocused();

  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`status=subscribed&q=${tag}$`));
  await expect(page.getByRole("status").filter({ hasText: "3 subscribers shown." })).toBeVisible();
  for (const email of people)
    await expect(page.getByRole("rowheader", { name: email })).toBeVisible();
  await axeAtBothWidths(page, "the subscribers");

  // The export is the server's file of the same filters, fetched with the session's cookie.
  const href = await page
    .getByRole("link", { name: "Export these subscribers as CSV" })
    .getAttribute("href");
  expect(href).toBe(`/api/office/subscribers.csv?status=subscribed&q=${tag}`);
  const csv = await page.request.get(href ?? "");
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("email,name,attributes");
  expect(
    lines
      .slice(1)
      .map((line) => line.split(",")[0])
      .sort(),
  ).toEqual([...people].sort());

  // Otieno asked to be taken off the list.
  const otieno = people[1] ?? "";
  await page.getByRole("button", { name: `Unsubscribe ${otieno}` }).click();
  await page.getByRole("button", { name: "Yes, unsubscribe" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `${otieno} is unsubscribed.` }),
  ).toBeVisible();
  await expect(page.getByRole("rowheader", { name: otieno })).toHaveCount(0);
  await page.getByRole("link", { name: /^Unsubscribed \(1\)$/ }).click();
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: otieno }) });
  await expect(row).toContainText(`by ${ownerEmail} on request`);
  await axeAtBothWidths(page, "the unsubscribed");
  await page.context().close();
});
