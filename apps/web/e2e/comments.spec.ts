import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { blogPosts } from "@site/shared/blog/posts";
import type { createModerationLinks as CreateModerationLinks } from "../../admin-api/src/comments/moderation-links";
import { commentMessages, moderationMessages } from "@site/shared/messages";
import { expectNoAxeViolations } from "./support/axe";
import { gotoPage, waitForIsland } from "./support/page-health";
import { mailsTo, queryDatabase, type StoredMail } from "./support/product-state";
import { e2eRun } from "./support/run-env";
import { uniqueEmail } from "./support/unique";

const run = e2eRun();
// Each journey uses a post of its own, so parallel tests never read each other's threads.
const [jsPost, noJsPost, decisionsPost, keyboardPost, a11yPost] = blogPosts;
type Decision = "approved" | "rejected" | "spam";

const commentForm = (page: Page) => page.getByRole("form", { name: commentMessages.formHeading });
const thread = (page: Page) => page.locator("#comments .comment-thread");

/** A name no other test uses, so its mail and its comment are found by it. */
const uniqueName = (prefix: string) => `${prefix} ${uniqueEmail("x").slice(2, 10)}`;

async function fillComment(page: Page, values: { name: string; email: string; comment: string }) {
  const form = commentForm(page);
  await form.getByLabel(commentMessages.nameLabel).fill(values.name);
  await form.getByLabel(commentMessages.emailLabel).fill(values.email);
  await form.getByLabel(commentMessages.commentLabel).fill(values.comment);
}

/** The firm's notification about the comment by `name` (an .eml file written by the outbox). */
async function notificationFor(name: string): Promise<StoredMail> {
  const find = async () =>
    (await mailsTo(run.mailDir, run.contactInbox)).find((mail) => mail.subject.includes(name));
  await expect.poll(async () => Boolean(await find()), { timeout: 15_000 }).toBe(true);
  return (await find()) as StoredMail;
}

/** The path and query of the notification's link for `decision` (the mail names the public SITE_URL). */
function linkIn(mail: StoredMail, decision: Decision): string {
  const label = { approved: "Approve", rejected: "Reject", spam: "Mark as spam" }[decision];
  const link = new RegExp(`${label}: \\S*?(/api/comments/moderate\\?token=[\\w.-]+)`).exec(
    mail.text,
  )?.[1];
  expect(link, mail.text).toBeDefined();
  return link as string;
}

const statusOf = (name: string) =>
  queryDatabase(run.dataDir, "SELECT status FROM comments WHERE name = ?", name);

/** Opens a moderation link, checks that showing it changed nothing, then confirms. */
async function moderate(page: Page, link: string, decision: Decision, name: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    moderationMessages.confirmTitle[decision],
  );
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  expect(statusOf(name)).toEqual([{ status: "pending" }]);
  await page.getByRole("button", { name: moderationMessages.confirmButton[decision] }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    moderationMessages.doneTitle[decision],
  );
  expect(statusOf(name)).toEqual([{ status: decision }]);
}

/** Sends a comment as the page's form would, with the start time the served page carries. */
async function sendComment(request: APIRequestContext, slug: string, name: string) {
  const html = await (await request.get(`/blog/${slug}`)).text();
  const formStarted =
    /data-form-started="" name="formStarted" value="([^"]+)"|name="formStarted" value="([^"]+)"/.exec(
      html,
    );
  const response = await request.post("/api/comments", {
    data: {
      name,
      email: uniqueEmail("commenter"),
      comment: `A comment by ${name}.`,
      post: slug,
      formStarted: formStarted?.[1] ?? formStarted?.[2],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe("blog comments, JavaScript on", () => {
  test("comment -> the firm's mail -> approve link -> confirm -> the comment shows under the post", async ({
    page,
  }) => {
    const post = jsPost!;
    const name = uniqueName("Achieng");
    const email = uniqueEmail("achieng");
    const served = page.waitForResponse((response) =>
      response.url().endsWith(`/blog/${post.slug}`),
    );
    await gotoPage(page, `/blog/${post.slug}`);
    // The post as the API sends it in brotli: compressed once, its start time stored as it is at the end
    // (admin-api http/site/brotli-end.ts); the form below only works if the browser read that end.
    expect((await served).headers()["content-encoding"]).toBe("br");
    await expect(thread(page)).toContainText(commentMessages.empty);
    await waitForIsland(commentForm(page));
    await fillComment(page, { name, email, comment: "Very useful.\nWe saw the same in Kisumu." });
    await commentForm(page).getByRole("button", { name: commentMessages.submit }).click();
    await expect(
      page.getByRole("status").filter({ hasText: commentMessages.success }),
    ).toBeVisible();
    await expect(commentForm(page).getByLabel(commentMessages.nameLabel)).toHaveValue("");

    const mail = await notificationFor(name);
    expect(mail.subject).toContain(post.title);
    expect(mail.text).toContain("We saw the same in Kisumu.");
    // Nothing is ever mailed to the commenter.
    expect(await mailsTo(run.mailDir, email)).toEqual([]);

    await moderate(page, linkIn(mail, "approved"), "approved", name);
    await gotoPage(page, `/blog/${post.slug}`);
    const shown = thread(page).getByRole("listitem").filter({ hasText: name });
    await expect(shown).toContainText("Very useful.");
    await expect(shown.locator(".comment__text")).toHaveJSProperty(
      "innerHTML",
      "Very useful.<br>We saw the same in Kisumu.",
    );
    await expect(thread(page)).not.toContainText(email);
  });

  test("a forged link and an expired one get a 403 page that says so", async ({
    page,
    request,
  }) => {
    const name = uniqueName("Forged");
    await sendComment(request, decisionsPost!.slug, name);
    const mail = await notificationFor(name);
    const link = linkIn(mail, "approved");

    const forged = link.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    const forgedPage = await page.goto(forged);
    expect(forgedPage?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      moderationMessages.forgedTitle,
    );

    // Signed 15 days ago with the API's own code and the run's generated secret.
    const apiDir = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../admin-api");
    const { createModerationLinks } = (await import(
      pathToFileURL(join(apiDir, "dist/comments/moderation-links.js")).href
    )) as { createModerationLinks: typeof CreateModerationLinks };
    const secret = readFileSync(join(run.dataDir, "data-key"), "utf8").trim();
    const id = new URL(link, run.baseUrl).searchParams.get("token") ?? "";
    const commentId =
      Buffer.from(id.split(".")[0] ?? "", "base64url")
        .toString("utf8")
        .split(".")[2] ?? "";
    const expired = createModerationLinks({
      secret,
      siteUrl: "",
      clock: { now: () => new Date() },
    }).url(commentId, "approved", new Date(Date.now() - 15 * 24 * 60 * 60 * 1000));
    const expiredPage = await page.goto(expired);
    expect(expiredPage?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      moderationMessages.expiredTitle,
    );
    expect(statusOf(name)).toEqual([{ status: "pending" }]);
  });

  test("rejected and spam comments never show under the post", async ({ page, request }) => {
    const post = decisionsPost!;
    const rejected = uniqueName("Rejected");
    const spam = uniqueName("Spammy");
    await sendComment(request, post.slug, rejected);
    await sendComment(request, post.slug, spam);
    await moderate(page, linkIn(await notificationFor(rejected), "rejected"), "rejected", rejected);
    await moderate(page, linkIn(await notificationFor(spam), "spam"), "spam", spam);
    await gotoPage(page, `/blog/${post.slug}`);
    await expect(thread(page)).not.toContainText(rejected);
    await expect(thread(page)).not.toContainText(spam);
  });

  test("rejected, then the same mail's Approve link: the page says it was rejected and when, offers nothing, changes nothing", async ({
    page,
    request,
  }) => {
    const post = decisionsPost!;
    const name = uniqueName("Overruled");
    await sendComment(request, post.slug, name);
    const mail = await notificationFor(name);
    await moderate(page, linkIn(mail, "rejected"), "rejected", name);

    await page.goto(linkIn(mail, "approved"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "This comment has already been rejected",
    );
    await expect(
      page.getByText(/^It was rejected on \w+,? \d{1,2} \w+ \d{4} at \d\d:\d\d UTC\.$/),
    ).toBeVisible();
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByRole("button")).toHaveCount(0);
    expect(statusOf(name)).toEqual([{ status: "rejected" }]);
    await gotoPage(page, `/blog/${post.slug}`);
    await expect(thread(page)).not.toContainText(name);
  });

  test("keyboard only: reach the form, fill it and send it", async ({ page }) => {
    const post = keyboardPost!;
    const name = uniqueName("Keyboard");
    // A link to the comments (#comments) moves the keyboard's starting point there, as in a browser.
    await gotoPage(page, `/blog/${post.slug}#comments`);
    const nameField = commentForm(page).getByLabel(commentMessages.nameLabel);
    await page.keyboard.press("Tab");
    await expect(nameField).toBeFocused();
    await waitForIsland(commentForm(page), { reach: false });
    await page.keyboard.type(name);
    await page.keyboard.press("Tab");
    await page.keyboard.type(uniqueEmail("keys"));
    await page.keyboard.press("Tab");
    await page.keyboard.type("Sent with the keyboard only.");
    // The privacy notice's link, then the button.
    await page.keyboard.press("Tab");
    await expect(commentForm(page).getByRole("link", { name: /privacy notice/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(
      commentForm(page).getByRole("button", { name: commentMessages.submit }),
    ).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("status").filter({ hasText: commentMessages.success }),
    ).toBeVisible();
    await notificationFor(name);
  });
});

test.describe("blog comments, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form post, the approve link and the thread all work without script", async ({
    page,
  }) => {
    const post = noJsPost!;
    const name = uniqueName("Wanjiru");
    await gotoPage(page, `/blog/${post.slug}`);
    await fillComment(page, { name, email: uniqueEmail("nojs"), comment: "Read without script." });
    await commentForm(page).getByRole("button", { name: commentMessages.submit }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(commentMessages.success);

    await moderate(page, linkIn(await notificationFor(name), "approved"), "approved", name);
    await gotoPage(page, `/blog/${post.slug}`);
    await expect(thread(page).getByRole("listitem").filter({ hasText: name })).toContainText(
      "Read without script.",
    );
  });
});

test.describe("axe on a post with a comment thread", () => {
  // One approved comment, the post loaded once at a phone's width and then widened (the layout follows
  // the style sheet alone), each width a named step; a test for each width sent, approved and loaded
  // all of it again.
  test("no violations at 390 px, nor at 1366 px", async ({ page, request }) => {
    const post = a11yPost!;
    const name = uniqueName("Axe");
    await sendComment(request, post.slug, name);
    const mail = await notificationFor(name);
    await moderate(page, linkIn(mail, "approved"), "approved", name);
    for (const size of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ])
      await test.step(`no violations at ${size.width} px`, async () => {
        await page.setViewportSize(size);
        if (size.width === 390) await gotoPage(page, `/blog/${post.slug}`);
        await expect(thread(page)).toContainText(name);
        await expectNoAxeViolations(page, `/blog/${post.slug} with comments at ${size.width} px`);
      });
  });
});
