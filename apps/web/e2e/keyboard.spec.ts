import { expect, test, type Page } from "@playwright/test";
import {
  aboutSections,
  homeContent,
  industriesContent,
  newsletterContent,
} from "@site/shared/content";
import {
  contactMessages,
  newsletterMessages,
  thoughtLeadershipMessages,
  validationMessages,
} from "@site/shared/messages";
import { contactForm, requiredFields } from "./support/contact-form";
import {
  describeFocus,
  exactly,
  gotoPage,
  hasFocus,
  isInLiveRegion,
  tabTo,
  waitForIsland,
} from "./support/page-health";

/** Keyboard-only journeys: every step below is a key press; nothing is clicked. */

async function expectFocused(page: Page, locator: ReturnType<Page["locator"]>) {
  await expect
    .poll(async () => ((await hasFocus(locator)) ? "focused" : await describeFocus(page)))
    .toBe("focused");
}

/**
 * An accordion item's control: a <button aria-expanded> or a native <details>/<summary>. Browsers
 * expose a summary as an expandable control to assistive technology, but Playwright's role engine
 * gives it no role, so it is found by its text; its state is then the <details>' `open`.
 */
function disclosure(page: Page, title: string) {
  const control = page
    .getByRole("button", { name: exactly(title) })
    .or(page.locator("summary").filter({ hasText: exactly(title) }));
  const expanded = () =>
    control.evaluate((element) =>
      element.tagName === "SUMMARY"
        ? (element.parentElement as HTMLDetailsElement).open
        : element.getAttribute("aria-expanded") === "true",
    );
  return { control, expanded };
}

/** An accordion item opens and closes with Enter and Space, revealing and hiding its answer. */
async function checkAccordion(page: Page, title: string, answerText: string) {
  const { control, expanded } = disclosure(page, title);
  await tabTo(page, control);
  expect(await expanded(), `${title} starts closed`).toBe(false);
  const answer = page.getByText(answerText, { exact: false });
  await expect(answer).toBeHidden();
  await page.keyboard.press("Enter");
  await expect.poll(expanded, { message: `Enter opens ${title}` }).toBe(true);
  await expect(answer).toBeVisible();
  await page.keyboard.press("Space");
  await expect.poll(expanded, { message: `Space closes ${title}` }).toBe(false);
  await expect(answer).toBeHidden();
}

test.describe("keyboard only", () => {
  test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
    await gotoPage(page, "/services");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: /skip to (main )?content/i });
    await expectFocused(page, skip);
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect
      .poll(() =>
        page.evaluate(
          () => document.querySelector("main")?.contains(document.activeElement) ?? false,
        ),
      )
      .toBe(true);
    // The next Tab continues inside the page content, past the header.
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(
        () => document.querySelector("main")?.contains(document.activeElement) ?? false,
      ),
    ).toBe(true);
  });

  test("the header's About dropdown opens with Enter, its anchors take focus, Escape closes it", async ({
    page,
  }) => {
    await gotoPage(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const toggle = nav.getByRole("button", { name: /about/i });
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const first = aboutSections[0];
    await page.keyboard.press("Tab");
    await expectFocused(page, nav.getByRole("link", { name: exactly(first.label) }));
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expectFocused(page, toggle);

    // Open again and follow an anchor with Enter: /about scrolls to the section.
    await page.keyboard.press("Enter");
    const target = aboutSections[2];
    await tabTo(page, nav.getByRole("link", { name: exactly(target.label) }), 10);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/about#${target.id}`);
    await expect(page.locator(`[id="${target.id}"]`)).toBeInViewport();
  });

  test("the mobile menu opens with Enter, is walked with Tab, and Escape closes it with focus back on the burger", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoPage(page, "/");
    const burger = page.getByRole("button", { name: "Menu" });
    await tabTo(page, burger);
    await page.keyboard.press("Enter");
    await expect(burger).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator("body")).toHaveClass(/menu-active/);
    const menu = page.locator(`[id="${await burger.getAttribute("aria-controls")}"]`);
    await page.keyboard.press("Tab");
    await expect
      .poll(() => menu.evaluate((element) => element.contains(document.activeElement)), {
        message: "focus enters the menu",
      })
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("body")).not.toHaveClass(/menu-active/);
    await expectFocused(page, burger);
  });

  test("the home FAQ accordion opens and closes with Enter and Space", async ({ page }) => {
    await gotoPage(page, "/");
    const [first, second] = homeContent.faq.items;
    await checkAccordion(page, first!.question, first!.answer);
    await checkAccordion(page, second!.question, second!.answer);
  });

  test("the industries solutions accordion opens and closes with Enter and Space", async ({
    page,
  }) => {
    await gotoPage(page, "/industries");
    const items = industriesContent.solutions.items;
    await checkAccordion(page, items[0]!.title, items[0]!.points[0]!);
    await checkAccordion(page, items[4]!.title, items[4]!.points[0]!);
  });

  test("the thought leadership filter's choices are followed with Enter, focus staying on the choice", async ({
    page,
  }) => {
    await gotoPage(page, "/thought-leadership");
    const filter = page.getByRole("navigation", { name: /filter/i });
    const banking = filter.getByRole("link", { name: exactly("Banking") });
    await tabTo(page, banking);
    await page.keyboard.press("Enter");
    await expect(banking).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("status").filter({ hasText: /banking/i })).toBeVisible();
    await expectFocused(page, banking);
    await page.keyboard.press("Tab");
    const insurance = filter.getByRole("link", { name: exactly("Insurance") });
    await expectFocused(page, insurance);
    await page.keyboard.press("Enter");
    await expect(insurance).toHaveAttribute("aria-current", "page");
    await expect(banking).not.toHaveAttribute("aria-current", "page");
    await tabTo(page, filter.getByRole("link", { name: exactly("Education") }), 10);
    await page.keyboard.press("Enter");
    await expect(page.getByText(thoughtLeadershipMessages.empty)).toBeVisible();
  });

  test("the newsletter form: an invalid address is announced and focus stays on the field; a valid one succeeds", async ({
    page,
  }) => {
    await gotoPage(page, "/about");
    const email = page.getByLabel(newsletterContent.label);
    await tabTo(page, email, 200);
    // Reaching the field brought the form's code in; a person takes longer to type than it takes.
    await waitForIsland(page.locator("form").filter({ has: email }), { reach: false });
    await page.keyboard.type("someone@invalid");
    await page.keyboard.press("Enter");
    const error = page.getByText(validationMessages.newsletterEmailInvalid);
    await expect(error).toBeVisible();
    expect(await isInLiveRegion(error)).toBe(true);
    await expectFocused(page, email);

    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(`keyboard-${Date.now()}@example.com`);
    await tabTo(page, page.getByRole("button", { name: newsletterContent.button }), 3);
    await page.keyboard.press("Enter");
    await expect(page.getByText(newsletterMessages.success)).toBeVisible();
  });

  test("the contact form: errors are announced and focus moves to the first invalid field", async ({
    page,
  }) => {
    await gotoPage(page, "/contact");
    const form = contactForm(page);
    await tabTo(page, form.submit, 80);
    // Tabbing through the fields brought the form's code in; a person takes longer than it takes.
    await waitForIsland(form.form, { reach: false });
    await page.keyboard.press("Enter");
    await expectFocused(page, form.name);
    // Announced: the focused field is read with its error (aria-describedby), and each other invalid
    // field with its own when reached; aria-invalid marks them all.
    for (const { field, message } of requiredFields) {
      await expect(form[field], field).toHaveAttribute("aria-invalid", "true");
      await expect(form[field], field).toHaveAccessibleDescription(new RegExp(message));
      await expect(form.form.getByText(message, { exact: true })).toBeVisible();
    }

    // Fill the first field by keyboard; the next submission moves focus to the next invalid one.
    await page.keyboard.type("Kofi Mensah");
    await tabTo(page, form.submit, 10);
    await page.keyboard.press("Enter");
    await expectFocused(page, form.email);

    await page.keyboard.type("kofi.mensah@example.com");
    await page.keyboard.press("Tab"); // phone, optional
    await page.keyboard.press("Tab");
    await expectFocused(page, form.subject);
    await page.keyboard.type("Keyboard journey");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Sent without a mouse.");
    await tabTo(page, form.submit, 5);
    await page.keyboard.press("Enter");
    await expect(page.getByText(contactMessages.success)).toBeVisible();
  });
});
