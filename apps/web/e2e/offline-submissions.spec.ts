import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { newsletterContent } from "@site/shared/content";
import {
  contactMessages,
  newsletterMessages,
  savedSubmissionMessages,
} from "@site/shared/messages";
import { idempotencyKeyHeader } from "@site/shared/schemas";
import { contactForm, fillContact, type ContactValues } from "./support/contact-form";
import { holdRequests } from "./support/held-request";
import { gotoPage, isHydrated, waitForIsland } from "./support/page-health";
import { contactMails, queryDatabase } from "./support/product-state";
import { e2eRun } from "./support/run-env";
import { uniqueEmail } from "./support/unique";

// Patchy networks: a form sent without a connection is saved on the device and sent once the connection
// returns, exactly once (idempotency keys); a form sent before its code arrived is handled in place.

const run = e2eRun();

const contactsOf = (email: string) =>
  queryDatabase(run.dataDir, "SELECT id, subject FROM contacts WHERE email = ?", email);

/** How many submissions the browser still keeps (lib/pending-submissions.ts's IndexedDB store). */
function savedOnDevice(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opened = indexedDB.open("site-submissions");
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const count = opened.result.transaction("pending").objectStore("pending").count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

function inquiry(
  label: string,
): Required<Pick<ContactValues, "name" | "email" | "subject" | "description">> {
  return {
    name: "Baraka Mwangi",
    email: uniqueEmail(label),
    subject: `Offline ${label}`,
    description: "Sent from a matatu between Thika and Nairobi.",
  };
}

async function sendContactOffline(page: Page, values: ReturnType<typeof inquiry>) {
  await gotoPage(page, "/contact");
  const form = contactForm(page);
  await waitForIsland(form.form);
  await fillContact(form, values);
  await page.context().setOffline(true);
  await form.submit.click();
  await expect(form.form.getByRole("status")).toHaveText(savedSubmissionMessages.contactSaved);
  expect(contactsOf(values.email)).toEqual([]);
  return form;
}

test.describe("a contact sent offline", () => {
  test("is saved on the device, then sent once when the connection returns: one row, one pair of mails", async ({
    page,
  }) => {
    const values = inquiry("back-online");
    const form = await sendContactOffline(page, values);
    // The fields stay as typed while it waits, and it can be discarded.
    await expect(form.subject).toHaveValue(values.subject);
    await expect(
      form.form.getByRole("button", { name: savedSubmissionMessages.discardNamed(values.subject) }),
    ).toBeVisible();

    await page.context().setOffline(false);
    await expect(form.form.getByRole("status")).toHaveText(contactMessages.success);
    await expect(form.subject).toHaveValue("");
    const stored = contactsOf(values.email);
    expect(stored).toEqual([{ id: expect.any(String), subject: values.subject }]);
    await contactMails(run, values.email, String(stored[0]?.id));
  });

  test("survives the tab being closed: the next visit to any page sends it and says so", async ({
    page,
    context,
  }) => {
    const values = inquiry("tab-closed");
    await sendContactOffline(page, values);
    await page.close();
    await context.setOffline(false);

    const later = await context.newPage();
    await gotoPage(later, "/about");
    const notice = later.getByRole("region", { name: savedSubmissionMessages.heading });
    await expect(later.getByRole("status").filter({ hasText: values.subject })).toHaveText(
      savedSubmissionMessages.contactSent(values.subject),
    );
    await expect(notice).toBeVisible();
    const stored = contactsOf(values.email);
    expect(stored).toHaveLength(1);
    await contactMails(run, values.email, String(stored[0]?.id));

    // Sent means gone from the device: nothing is left in the browser's storage to send again.
    expect(await savedOnDevice(later)).toBe(0);
  });

  test("a later visit while still offline lists it with a Discard button that drops it for good", async ({
    page,
    context,
  }) => {
    const values = inquiry("discarded");
    await sendContactOffline(page, values);
    // Still without a way to the API (pages load; the API does not answer), before the connection's
    // return would let the contact page send it.
    await page.route("**/api/contacts", (route) => route.abort("internetdisconnected"));
    await context.setOffline(false);
    await gotoPage(page, "/");
    const notice = page.getByRole("region", { name: savedSubmissionMessages.heading });
    await expect(notice).toContainText(savedSubmissionMessages.waiting(values.subject));
    await notice
      .getByRole("button", { name: savedSubmissionMessages.discardNamed(values.subject) })
      .click();
    await expect(notice.getByRole("status")).toHaveText(savedSubmissionMessages.discarded);

    expect(await savedOnDevice(page)).toBe(0);
    await page.unroute("**/api/contacts");
    await gotoPage(page, "/about");
    await expect(page.getByText(savedSubmissionMessages.heading)).toHaveCount(0);
    expect(contactsOf(values.email)).toEqual([]);
  });
});

test("a subscription sent offline is sent when the connection returns", async ({ page }) => {
  const email = uniqueEmail("newsletter-offline");
  await gotoPage(page, "/about");
  const block = page.locator("form").filter({ has: page.getByLabel(newsletterContent.label) });
  await waitForIsland(block);
  await block.getByLabel(newsletterContent.label).fill(email);
  await page.context().setOffline(true);
  await block.getByRole("button", { name: newsletterContent.button }).click();
  await expect(block.getByRole("status")).toHaveText(savedSubmissionMessages.subscriptionSaved);
  await page.context().setOffline(false);
  await expect(block.getByRole("status")).toHaveText(newsletterMessages.success);
  expect(
    queryDatabase(run.dataDir, "SELECT status FROM subscriptions WHERE email = ?", email),
  ).toEqual([{ status: "subscribed" }]);
});

test("a submit before the form's code has arrived is held and handled in place by that code", async ({
  page,
}) => {
  const values = inquiry("early-submit");
  await gotoPage(page, "/contact");
  const held = await holdRequests(page, "**/assets/contact-island-*.js");
  const form = contactForm(page);
  await fillContact(form, values);
  expect(await isHydrated(form.form)).toBe(false);
  await form.submit.click();
  // Held: the page did not leave for the server's result page, and nothing was stored yet.
  expect(new URL(page.url()).pathname).toBe("/contact");
  expect(contactsOf(values.email)).toEqual([]);

  held.release();
  await expect(form.form.getByRole("status")).toHaveText(contactMessages.success);
  expect(new URL(page.url()).pathname).toBe("/contact");
  expect(contactsOf(values.email)).toHaveLength(1);
});

test.describe("the same idempotency key", () => {
  const post = (request: APIRequestContext, key: string, values: ReturnType<typeof inquiry>) =>
    request.post("/api/contacts", { headers: { [idempotencyKeyHeader]: key }, data: values });

  test("sent twice: the first answer twice, one row, one pair of mails", async ({ request }) => {
    const values = inquiry("same-key-twice");
    const key = "e2e-twice-0123456789abcdef";
    const first = await post(request, key, values);
    const again = await post(request, key, values);
    expect(first.status()).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    const stored = contactsOf(values.email);
    expect(stored).toHaveLength(1);
    await contactMails(run, values.email, String(stored[0]?.id));
  });

  test("sent 20 times at once: one row, one pair of mails", async ({ request }) => {
    const values = inquiry("same-key-20");
    const key = "e2e-twenty-0123456789abcdef";
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(request, key, values)));
    expect(answers.map((answer) => answer.status())).toEqual(Array(20).fill(201));
    expect(
      new Set(await Promise.all(answers.map(async (answer) => (await answer.json()).id))).size,
    ).toBe(1);
    const stored = contactsOf(values.email);
    expect(stored).toHaveLength(1);
    await contactMails(run, values.email, String(stored[0]?.id));
  });
});
