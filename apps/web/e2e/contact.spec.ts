import { expect, test } from "@playwright/test";
import {
  contactMessages,
  savedSubmissionMessages,
  validationMessages,
} from "@site/shared/messages";
import { contactForm, fillContact, requiredFields } from "./support/contact-form";
import { holdRequests } from "./support/held-request";
import { gotoPage, isInLiveRegion, waitForIsland } from "./support/page-health";
import { contactMails, queryDatabase } from "./support/product-state";
import { e2eRun } from "./support/run-env";
import { uniqueEmail } from "./support/unique";

const run = e2eRun();

test.describe("contact form", () => {
  test.beforeEach(async ({ page }) => {
    await gotoPage(page, "/contact");
    await waitForIsland(contactForm(page).form);
  });

  // The rules of the form, one load for all: each step starts where the one before it left the form
  // (the empty submission's errors are where editing starts; fill() replaces what a step typed). Each
  // was a test of its own, with its own load and its own wait for the form's code.
  test("the form's checks: empty, edited, only spaces, a malformed email", async ({ page }) => {
    const form = contactForm(page);
    await test.step("an empty submission shows every required-field message under its field and sends nothing", async () => {
      const requests: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/")) requests.push(request.url());
      });
      await expect(form.heading).toBeVisible();
      await form.submit.click();
      for (const { field, message } of requiredFields) {
        await expect(form[field], field).toHaveAttribute("aria-invalid", "true");
        await expect(form[field], field).toHaveAccessibleDescription(new RegExp(message));
        await expect(form.error(message)).toBeVisible();
      }
      // Phone is optional: no message, not invalid.
      await expect(form.phone).not.toHaveAttribute("aria-invalid", "true");
      expect(requests).toEqual([]);
    });
    await test.step("editing a field clears that field's error and only that one", async () => {
      await form.submit.click();
      await expect(form.error(validationMessages.nameRequired)).toBeVisible();

      await form.name.fill("A");
      await expect(form.error(validationMessages.nameRequired)).toHaveCount(0);
      await expect(form.name).not.toHaveAttribute("aria-invalid", "true");
      // The other fields keep theirs until edited.
      await expect(form.error(validationMessages.emailRequired)).toBeVisible();
      await expect(form.error(validationMessages.subjectRequired)).toBeVisible();

      await form.email.fill("x");
      await expect(form.error(validationMessages.emailRequired)).toHaveCount(0);
      await form.subject.fill("S");
      await expect(form.error(validationMessages.subjectRequired)).toHaveCount(0);
      await form.description.fill("D");
      await expect(form.error(validationMessages.descriptionRequired)).toHaveCount(0);
    });
    await test.step("values of only spaces count as empty", async () => {
      for (const { field } of requiredFields) await form[field].fill("   ");
      await form.submit.click();
      for (const { field, message } of requiredFields) {
        await expect(form[field], field).toHaveAccessibleDescription(new RegExp(message));
      }
    });
    await test.step("a malformed email says 'Invalid email format'", async () => {
      await form.name.fill("Wanjiru Kamau");
      await form.email.fill("wanjiru@example");
      await form.subject.fill("Strategy review");
      await form.description.fill("We need a strategy review.");
      await form.submit.click();
      await expect(form.email).toHaveAccessibleDescription(
        new RegExp(validationMessages.emailInvalid),
      );
      await expect(form.error(validationMessages.emailRequired)).toHaveCount(0);
      await expect(form.name).not.toHaveAttribute("aria-invalid", "true");
    });
  });

  test("a valid inquiry is stored, both mails are written, the success message shows and the form clears", async ({
    page,
  }) => {
    const form = contactForm(page);
    const submitter = uniqueEmail("contact");
    const values = {
      name: "Achieng Otieno",
      email: submitter,
      phone: "+254 712 345 678",
      subject: "Board evaluation for our SACCO",
      description: "We would like a board evaluation before our annual general meeting.",
    };
    await fillContact(form, values);
    const [response] = await Promise.all([
      page.waitForResponse(
        (candidate) =>
          candidate.url().endsWith("/api/contacts") && candidate.request().method() === "POST",
      ),
      form.submit.click(),
    ]);
    expect(response.status()).toBe(201);

    const success = page.getByText(contactMessages.success);
    await expect(success).toBeVisible();
    expect(await isInLiveRegion(success)).toBe(true);
    for (const field of Object.keys(values) as (keyof typeof values)[]) {
      await expect(form[field], field).toHaveValue("");
    }
    await expect(form.submit).toBeEnabled();

    const stored = queryDatabase(
      run.dataDir,
      "SELECT id, name, email, phone, subject, description, status FROM contacts WHERE email = ?",
      submitter,
    );
    expect(stored).toEqual([{ id: expect.any(String), ...values, status: "new" }]);
    const contactId = String(stored[0]?.id);

    const { acknowledgement, notification } = await contactMails(run, submitter, contactId);
    expect(acknowledgement.text).toContain(values.name);
    expect(acknowledgement.text).toMatch(/24 to 48 hours/);
    for (const value of Object.values(values)) expect(notification.text).toContain(value);
  });

  test("while sending, the button is disabled and reads 'Sending...'; then the success message shows", async ({
    page,
  }) => {
    const form = contactForm(page);
    const values = {
      name: "Zawadi Ali",
      email: uniqueEmail("sending"),
      subject: "Governance",
      description: "A board charter.",
    };
    await fillContact(form, values);
    const held = await holdRequests(page, "**/api/contacts");
    await form.submit.click();
    const sending = form.form.getByRole("button", { name: contactMessages.sending });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    held.release();
    await expect(page.getByText(contactMessages.success)).toBeVisible();
    await expect(form.submit).toBeEnabled();
    await expect(form.submit).not.toHaveAccessibleName(contactMessages.sending);
  });

  test("the API unreachable: the message is saved on this device, the input kept, nothing stored", async ({
    page,
  }) => {
    await page.route("**/api/contacts", (route) => route.abort("failed"));
    const form = contactForm(page);
    const values = {
      name: "Baraka Mwangi",
      email: uniqueEmail("offline"),
      subject: "Market entry",
      description: "Uganda and Rwanda.",
    };
    await fillContact(form, values);
    await form.submit.click();
    const saved = page.getByText(savedSubmissionMessages.contactSaved);
    await expect(saved).toBeVisible();
    expect(await isInLiveRegion(saved)).toBe(true);
    for (const [field, value] of Object.entries(values)) {
      await expect(form[field as keyof typeof values], field).toHaveValue(value);
    }
    await expect(form.submit).toBeEnabled();
    expect(
      queryDatabase(run.dataDir, "SELECT id FROM contacts WHERE email = ?", values.email),
    ).toEqual([]);
  });

  test("a server failure shows the server's message; an unreadable one 'Failed to submit contact form'", async ({
    page,
  }) => {
    const form = contactForm(page);
    const values = {
      name: "Neema Said",
      email: uniqueEmail("down"),
      subject: "Evaluation",
      description: "Mid-term review.",
    };
    await fillContact(form, values);

    await page.route("**/api/contacts", (route) =>
      route.fulfill({
        status: 503,
        json: { success: false, error: "Storage is resting, try later." },
      }),
    );
    await form.submit.click();
    await expect(page.getByText("Storage is resting, try later.")).toBeVisible();
    await expect(form.name).toHaveValue(values.name);

    await page.unroute("**/api/contacts");
    await page.route("**/api/contacts", (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
    );
    await form.submit.click();
    await expect(page.getByText(contactMessages.failure, { exact: true })).toBeVisible();
    await expect(form.description).toHaveValue(values.description);
  });
});

test.describe("contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a valid inquiry posts to the API, is stored, and the visitor reads the success message", async ({
    page,
  }) => {
    await page.goto("/contact");
    const form = contactForm(page);
    const values = {
      name: "Imani Chebet",
      email: uniqueEmail("noscript"),
      subject: "Scenario planning",
      description: "No scripts here.",
    };
    await fillContact(form, values);
    await form.submit.click();
    await expect(page.getByText(contactMessages.success)).toBeVisible();
    const stored = queryDatabase(
      run.dataDir,
      "SELECT name, subject, status FROM contacts WHERE email = ?",
      values.email,
    );
    expect(stored).toEqual([{ name: values.name, subject: values.subject, status: "new" }]);
  });

  test("an empty inquiry is refused with every field's message", async ({ page }) => {
    await page.goto("/contact");
    const form = contactForm(page);
    await form.submit.click();
    for (const { message } of requiredFields)
      await expect(page.getByText(message, { exact: true })).toBeVisible();
  });
});
