import { expect, test, type Page } from "@playwright/test";
import { newsletterContent } from "@site/shared/content";
import {
  newsletterMessages,
  savedSubmissionMessages,
  validationMessages,
} from "@site/shared/messages";
import { holdRequests } from "./support/held-request";
import { gotoPage, isInLiveRegion, waitForIsland } from "./support/page-health";
import { queryDatabase } from "./support/product-state";
import { e2eRun } from "./support/run-env";
import { uniqueEmail } from "./support/unique";

const run = e2eRun();

function newsletter(page: Page) {
  const form = page.locator("form").filter({ has: page.getByLabel(newsletterContent.label) });
  return {
    /** Brings the block's code in as a visitor would (see waitForIsland). */
    ready: () => waitForIsland(form),
    form,
    email: form.getByLabel(newsletterContent.label),
    submit: form.getByRole("button", { name: newsletterContent.button }),
  };
}

const storedSubscriptions = (email: string) =>
  queryDatabase(
    run.dataDir,
    "SELECT email, status FROM subscriptions WHERE lower(email) = lower(?)",
    email,
  );

test.describe("newsletter", () => {
  for (const path of ["/", "/about", "/industries", "/services"]) {
    test(`on ${path}: a new address is subscribed, announced and the input cleared`, async ({
      page,
    }) => {
      await gotoPage(page, path);
      const { email, submit, ready } = newsletter(page);
      await ready();
      const address = uniqueEmail("news");
      await email.fill(address);
      await submit.click();
      const success = page.getByText(newsletterMessages.success);
      await expect(success).toBeVisible();
      expect(await isInLiveRegion(success)).toBe(true);
      await expect(email).toHaveValue("");
      await expect(submit).toBeEnabled();
      expect(storedSubscriptions(address)).toEqual([{ email: address, status: "subscribed" }]);
    });
  }

  test("while the request runs the input and the button are disabled", async ({ page }) => {
    await gotoPage(page, "/services");
    const { email, submit, ready } = newsletter(page);
    await ready();
    await email.fill(uniqueEmail("pending"));
    const held = await holdRequests(page, "**/api/subscriptions");
    await submit.click();
    await expect(email).toBeDisabled();
    await expect(submit).toBeDisabled();
    held.release();
    await expect(page.getByText(newsletterMessages.success)).toBeVisible();
    await expect(email).toBeEnabled();
    await expect(submit).toBeEnabled();
  });

  test("an invalid address shows the validation message and stores nothing", async ({ page }) => {
    await gotoPage(page, "/");
    const { email, submit, ready } = newsletter(page);
    await ready();
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/")) requests.push(request.url());
    });
    await email.fill("not-an-email@nowhere");
    await submit.click();
    await expect(page.getByText(validationMessages.newsletterEmailInvalid)).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveValue("not-an-email@nowhere");
    expect(requests).toEqual([]);
  });

  test("the same address in another letter case is refused as already subscribed", async ({
    page,
  }) => {
    await gotoPage(page, "/");
    const { email, submit, ready } = newsletter(page);
    await ready();
    const address = uniqueEmail("dup");
    await email.fill(address);
    await submit.click();
    await expect(page.getByText(newsletterMessages.success)).toBeVisible();

    await email.fill(address.toUpperCase());
    await submit.click();
    const duplicate = page.getByText(newsletterMessages.alreadySubscribed);
    await expect(duplicate).toBeVisible();
    expect(await isInLiveRegion(duplicate)).toBe(true);
    await expect(page.getByText(newsletterMessages.success)).toHaveCount(0);
    expect(storedSubscriptions(address)).toEqual([{ email: address, status: "subscribed" }]);
  });

  test("the API unreachable: the subscription is saved on this device and the input kept", async ({
    page,
  }) => {
    await gotoPage(page, "/");
    await page.route("**/api/subscriptions", (route) => route.abort("failed"));
    const { email, submit, ready } = newsletter(page);
    await ready();
    const address = uniqueEmail("offline");
    await email.fill(address);
    await submit.click();
    await expect(page.getByText(savedSubmissionMessages.subscriptionSaved)).toBeVisible();
    await expect(email).toHaveValue(address);
    await expect(submit).toBeEnabled();
  });
});

test.describe("newsletter without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts to the API, which stores the address and answers with the success message", async ({
    page,
  }) => {
    await page.goto("/industries");
    const { email, submit } = newsletter(page);
    const address = uniqueEmail("noscript");
    await email.fill(address);
    await submit.click();
    await expect(page.getByText(newsletterMessages.success)).toBeVisible();
    expect(storedSubscriptions(address)).toEqual([{ email: address, status: "subscribed" }]);
    // The answer page leads back into the site.
    await page.getByRole("link", { name: /continue/i }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
