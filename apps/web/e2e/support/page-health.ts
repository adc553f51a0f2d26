import { expect, type Locator, type Page } from "@playwright/test";
import { deferredStylesAttribute } from "../../app/lib/deferred-styles";
import { enhancedAttribute, entryAttributes } from "../../app/lib/entry-loader";

/**
 * Collects what a visitor's console would show as a problem: every console error, any warning that
 * mentions hydration (React reports mismatches that way in development and as recoverable errors in
 * production), and uncaught page errors. Read the array after the page has settled.
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  // Content-Security-Policy violations that a script catches (such as an eval probe) never reach the
  // console, but browsers still report them as issues (Lighthouse's inspector-issues): listen for them.
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "(inline)"} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" || /hydrat/i.test(text)) {
      const where = message.location().url
        ? ` (${message.location().url}:${message.location().lineNumber})`
        : "";
      problems.push(`console.${message.type()}: ${text}${where}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`uncaught ${error.name}: ${error.message}`));
  return problems;
}

/**
 * Whether React has taken over the element. React tags each DOM node it owns with an internal
 * `__reactFiber$...` key, in production builds too; the static page carries none, and an island's
 * nodes only once its code has loaded and hydrated it.
 */
export function isHydrated(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) =>
    Object.keys(element).some((key) => key.startsWith("__reactFiber$")),
  );
}

/**
 * Waits until a form island has hydrated. The forms load their code when a visitor reaches for them
 * (components/ui/island.tsx); by default this reaches for it the way a mouse does, by hovering it.
 * Pass `reach: false` when the test already did (by focusing a field, say).
 */
export async function waitForIsland(form: Locator, { reach = true } = {}): Promise<void> {
  if (reach) await form.hover();
  // Asked every 100 ms: the code arrives in under a second or two, and expect.poll's default steps
  // (100, 250, 500, then 1000 ms) left up to a second between its arrival and the test going on.
  await expect
    .poll(() => isHydrated(form), {
      message: "the form's code never loaded",
      timeout: 10_000,
      intervals: [100],
    })
    .toBe(true);
}

/**
 * Navigates and waits for the load event, then for the page's one script (started after the first
 * paint: app/lib/entry-loader.ts) to have attached the behaviours; returns the navigation's response.
 * Nothing else is hydrated until wanted.
 */
export async function gotoPage(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForBehaviours(page);
  return response;
}

/**
 * Waits until the page's one script has attached its behaviours (it marks <html> then), as a visitor's
 * first tap would find them after a link followed. Returns at once on a page without the loader, or in a
 * browser running no JavaScript (there the <noscript> stylesheet links are elements of the page).
 */
export async function waitForBehaviours(page: Page): Promise<void> {
  const scripted =
    (await page.locator(`script[${entryAttributes.script}]`).count()) > 0 &&
    (await page.locator("noscript > link").count()) === 0;
  if (scripted) await page.locator(`html[${enhancedAttribute}]`).waitFor({ state: "attached" });
}

/**
 * Whether the page's whole stylesheets (named on its <style>, asked for at the visitor's first act:
 * app/lib/deferred-styles.ts) are all linked, loaded and applying.
 */
export const wholeStylesApplied = (page: Page): Promise<boolean> =>
  page.evaluate((attribute) => {
    const files = document.querySelector(`style[${attribute}]`)?.getAttribute(attribute);
    const wanted = (files ?? "").split(" ").filter(Boolean);
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    return (
      wanted.length > 0 &&
      wanted.every((href) =>
        links.some((link) => link.getAttribute("href") === href && link.sheet && !link.media),
      )
    );
  }, deferredStylesAttribute);

/** The window's vertical scroll offset. */
export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

/** Scrolls to the very bottom of the page (where the footer and scroll-to-top button are). */
export async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
  );
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
}

/** True when the element or one of its ancestors is a live region screen readers announce. */
export function isInLiveRegion(locator: Locator): Promise<boolean> {
  return locator.evaluate(
    (element) =>
      element.closest('[role="alert"], [role="status"], [aria-live]:not([aria-live="off"])') !==
      null,
  );
}

/** The element that has keyboard focus, described for failure messages. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return "<body>";
    const name = active.getAttribute("aria-label") ?? active.textContent?.trim().slice(0, 40) ?? "";
    return `<${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ""}> ${name}`;
  });
}

/** Whether `locator` currently has keyboard focus. */
export function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/**
 * Presses Tab (only the keyboard, as a keyboard user would) until `target` has focus; fails after
 * `maxPresses` with where focus ended up. Between presses one look at the page asks both whether the
 * target is there (once) and whether it has focus, without waiting for it to appear.
 */
export async function tabTo(page: Page, target: Locator, maxPresses = 60): Promise<void> {
  const focused = () =>
    target.evaluateAll(
      (elements) => elements.length === 1 && elements[0] === document.activeElement,
    );
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await focused()) return;
    await page.keyboard.press("Tab");
  }
  if (await focused()) return;
  throw new Error(
    `Tab never reached ${target.toString()} in ${maxPresses} presses; focus is on ${await describeFocus(page)}`,
  );
}

/** Escapes a string for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Matches exactly `text`, ignoring case and surrounding whitespace. */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`, "i");
}
