// @ts-check
import { existsSync } from "node:fs";

/**
 * How both browser gates (Playwright's e2e run and the Lighthouse budget) start Debian's Chromium:
 * no browser downloads work on these machines, and it runs as root with no network.
 */

/** The browser the performance budget measures (Lighthouse, perf/): CHROME_PATH, or Debian's `chromium`. */
export const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * The browser the Playwright suites drive: CHROME_PATH, or Debian's `chromium-headless-shell`, the same
 * Chromium built without the desktop browser around it (what Playwright itself runs headless). On this
 * two-core host it ran the web suite's 138 journeys in 3.5 min, against 6.0 min in the full browser, the
 * same tests passing. Without it, the full browser.
 */
export const testChromePath =
  process.env.CHROME_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell")
    ? "/usr/bin/chromium-headless-shell"
    : chromePath);

/** Switches off sandboxing (root), the GPU, and every background fetch a machine without internet cannot make. */
export const chromeArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
