// @ts-check
/**
 * How both browser gates (Playwright's e2e run and the Lighthouse budget) start Debian's Chromium:
 * no browser downloads work on these machines, and it runs as root with no network.
 */

/** The Chromium binary: CHROME_PATH, or Debian's package. */
export const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

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
