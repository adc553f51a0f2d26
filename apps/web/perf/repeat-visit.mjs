// @ts-check
/**
 * The home page's repeat visit with the service worker active (app/service-worker): what a returning
 * visitor pays. Playwright drives Debian's Chromium with Lighthouse's mobile conditions applied by DevTools
 * (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower) through a proxy that counts every
 * byte crossing the network, both ways (the browser's own figures miss the worker's requests). First a
 * visit in a fresh profile, until the worker it registers has taken over; then the same page again in a
 * new tab. For each: bytes over the wire, requests the page made (and how many the worker answered from
 * its caches), and the largest contentful paint the browser reports.
 */
import { createServer, connect } from "node:net";
import { chromium } from "@playwright/test";
import { chromeArgs, chromePath } from "./chrome.mjs";

/** Lighthouse's mobile preset, as DevTools applies it. */
const mobile = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** @typedef {{ bytes: number, requests: number, fromWorker: number, lcpMs: number }} Visit */

/**
 * A TCP proxy on a free port in front of `target` (http://127.0.0.1:port) that counts the bytes through it.
 * @param {URL} target
 */
async function countingProxy(target) {
  let bytes = 0;
  /** @type {Set<import("node:net").Socket>} */
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("data", (chunk) => {
        bytes += chunk.length;
      });
      socket.on("error", () => socket.destroy());
      socket.on("close", () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    /** Bytes counted since the last call. */
    take: () => {
      const counted = bytes;
      bytes = 0;
      return counted;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

/** Resolves once the worker has activated and controls the page. @param {import("@playwright/test").Page} page */
const untilControlled = (page) =>
  page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (
      registration.active?.state === "activated" && navigator.serviceWorker.controller !== null
    );
  });

/**
 * Loads `url` in a new tab of `context`, throttled; `settle` waits for more (the worker taking over).
 * @param {import("@playwright/test").BrowserContext} context
 * @param {string} url
 * @param {{ take: () => number }} counter
 * @param {(page: import("@playwright/test").Page) => Promise<unknown>} settle
 * @returns {Promise<Visit>}
 */
async function visit(context, url, counter, settle) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", mobile);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  let requests = 0;
  let fromWorker = 0;
  page.on("response", (response) => {
    requests += 1;
    if (response.fromServiceWorker()) fromWorker += 1;
  });
  counter.take();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  await settle(page);
  const lcpMs = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? 0);
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  const bytes = counter.take();
  await page.close();
  return { bytes, requests, fromWorker, lcpMs: Number(lcpMs) };
}

/**
 * A first visit of `url` (until the worker it registers after load has taken over), then a repeat visit.
 * @param {string} url
 * @returns {Promise<{ first: Visit, repeat: Visit }>}
 */
export async function measureRepeatVisit(url) {
  const proxy = await countingProxy(new URL(url));
  const browser = await chromium.launch({ executablePath: chromePath, args: [...chromeArgs] });
  try {
    const context = await browser.newContext({
      serviceWorkers: "allow",
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const first = await visit(context, proxy.url, proxy, untilControlled);
    const repeat = await visit(context, proxy.url, proxy, async () => undefined);
    return { first, repeat };
  } finally {
    await browser.close();
    await proxy.close();
  }
}
