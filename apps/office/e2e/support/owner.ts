import { expect, type Browser, type Page } from "@playwright/test";
import { officeMessages } from "@site/shared/office";
import { mailTo, signInLink, startMailbox, type Smtp } from "./mail";

/**
 * The worker's SMTP port, once it is free: each journey's file runs its own mailbox on it, so a file
 * binds the port when the file before it in this worker has let it go.
 */
export async function mailboxWhenFree(
  port: number,
  behaviour: Parameters<typeof startMailbox>[1] = {},
): Promise<Smtp> {
  for (;;) {
    try {
      return await startMailbox(port, behaviour);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * Signs `email` (on the staff) in through a mailed link in a new browser context, starting at `path` (a
 * path under /admin), and waits for the heading of the screen it lands on (the path's, or the leads for
 * the office's bare address, which asks for no return).
 */
export async function signInThrough(
  browser: Browser,
  smtp: Smtp,
  {
    email,
    path,
    heading,
    viewport,
  }: {
    email: string;
    path: string;
    heading: string;
    viewport: { width: number; height: number };
  },
): Promise<Page> {
  const context = await browser.newContext({ viewport, serviceWorkers: "block" });
  const page = await context.newPage();
  await page.goto(`/admin${path}`);
  await expect(page).toHaveURL(/\/admin\/sign-in\?/);
  // The links mailed to this address before this one: the new one is the next.
  const sent = smtp.received.filter(
    (mail) =>
      mail.envelope.to.some((to) => to.toLowerCase() === email.toLowerCase()) &&
      (mail.parsed.text ?? "").includes("sign-in#token="),
  ).length;
  await page.getByRole("textbox", { name: "Work email address" }).fill(email);
  await page.getByRole("button", { name: "Mail me a sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: officeMessages.linkSent })).toBeVisible();
  await page.goto(signInLink(await mailTo(smtp, email, /sign-in#token=/, sent + 1)));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  return page;
}
