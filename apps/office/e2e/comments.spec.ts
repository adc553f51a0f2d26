import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { blogPosts } from "@site/shared/blog/posts";
import { officeMessages } from "@site/shared/office";
import { expectNoAxeViolations } from "../../web/e2e/support/axe";
import { uniqueEmail } from "../../web/e2e/support/unique";
import { mailTo, signInLink, type Smtp } from "./support/mail";
import { mailboxWhenFree } from "./support/owner";
import { expect, ownerEmail, test } from "./support/product";

/**
 * The comment queue, end to end: a visitor posts three comments through the public API (as the post's
 * form does, with the start time the served page carries); the owner signs in, approves the three at
 * once in the queue, and they are on the post's page at once, read by a browser with JavaScript off;
 * hiding one takes it off that page. axe runs on the queue at 390 px and 1366 px.
 */
test.describe.configure({ mode: "serial" });

// The blog's last post: the office's other journeys never comment on it.
const post = blogPosts.at(-1)!;
const tag = uniqueEmail("c").slice(2, 10);
const names = ["Wanjiru", "Otieno", "Amina"].map((name) => `${name} ${tag}`);
const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

let smtp: Smtp;

test.beforeAll(async ({ product }) => {
  smtp = await mailboxWhenFree(product.smtpPort);
});
test.afterAll(async () => {
  await smtp?.close();
});

/** Sends a comment as the post's form would, with the start time the served page carries. */
async function sendComment(request: APIRequestContext, name: string): Promise<void> {
  const html = await (await request.get(`/blog/${post.slug}`)).text();
  const field = /<input[^>]*data-form-started[^>]*>/.exec(html)?.[0] ?? "";
  const formStarted = /\svalue="([^"]+)"/.exec(field)?.[1];
  expect(formStarted, "the post page's form start time").toBeDefined();
  const response = await request.post("/api/comments", {
    data: {
      name,
      email: uniqueEmail("visitor"),
      comment: `A point about ${post.title}, by ${name}.`,
      post: post.slug,
      formStarted,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs the owner in through a mailed link, landing on `path` (a path under /admin). */
async function signInOwner(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: desktop, serviceWorkers: "block" });
  const page = await context.newPage();
  const before = smtp.received.length;
  await page.goto(`/admin${path}`);
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=/);
  await page.getByRole("textbox", { name: "Work email address" }).fill(ownerEmail);
  await page.getByRole("button", { name: "Mail me a sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: officeMessages.linkSent })).toBeVisible();
  const sent = smtp.received
    .slice(0, before)
    .filter((mail) => /sign-in#token=/.test(mail.parsed.text ?? "")).length;
  await page.goto(signInLink(await mailTo(smtp, ownerEmail, /sign-in#token=/, sent + 1)));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Comments" })).toBeVisible();
  return page;
}

/** The post's page as a browser without JavaScript reads it: the thread the server filled in. */
async function threadWithoutScript(browser: Browser): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: "block" });
  try {
    const page = await context.newPage();
    await page.goto(`/blog/${post.slug}`);
    return (await page.locator("#comments").innerText()).replace(/\s+/g, " ");
  } finally {
    await context.close();
  }
}

test("staff approve three comments at once; the post shows them without JavaScript; hiding one removes it", async ({
  browser,
  request,
}) => {
  for (const name of names) await sendComment(request, name);
  expect(await threadWithoutScript(browser)).not.toContain(names[0]);

  const page = await signInOwner(browser, `/comments?status=pending&post=${post.slug}`);
  for (const name of names)
    await expect(page.getByRole("rowheader").filter({ hasText: name })).toBeVisible();
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `the comment queue at ${viewport.width} px`);
  }

  for (const name of names)
    await page.getByRole("checkbox", { name: `Select the comment by ${name}` }).check();
  await expect(page.getByText("3 comments selected")).toBeVisible();
  await page
    .getByRole("region", { name: "With the selected comments" })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "3 comments approved." })).toBeVisible();

  const shown = await threadWithoutScript(browser);
  for (const name of names) expect(shown).toContain(name);

  await page.getByRole("link", { name: /^Published/ }).click();
  await page.getByRole("button", { name: `Hide the comment by ${names[1]}` }).click();
  await page.getByRole("button", { name: "Yes, go ahead" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 comment hidden." })).toBeVisible();
  await expectNoAxeViolations(page, "the published comments after hiding one at 1366 px");

  const after = await threadWithoutScript(browser);
  expect(after).not.toContain(names[1]);
  expect(after).toContain(names[0]);
  expect(after).toContain(names[2]);
  await page.context().close();
});
