#!/usr/bin/env node
// Loads every prerendered page of build/client in Chromium and checks it in place: the page stays the
// static HTML it was built as (the server-rendered <h1> node survives; only islands are ever hydrated,
// and a mismatch in one throws React error #418), no console or uncaught errors, and the page's one
// script works (the burger toggles `menu-active`). Exits 1 on any problem.
// Usage: node scripts/check-hydration.mjs [base-url]   (needs /usr/bin/chromium or CHROME_PATH)
// Without a URL it serves build/client itself; give a `vite` dev server URL to get React's detailed
// development-mode hydration warnings instead.
/* global document -- the page.evaluate callbacks run in the browser */
import { createServer } from "node:http";
import { chromium } from "@playwright/test";
import { notFoundPath, routePaths } from "@site/shared/content";
import { trimTrailingSlashes } from "@site/shared/i18n";
import { handleStatic } from "./serve-static.mjs";

const given = process.argv[2] === undefined ? undefined : trimTrailingSlashes(process.argv[2]);
const server = given ? undefined : createServer(handleStatic);
if (server) await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const address = server?.address();
const base =
  given ?? `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});

const problems = [];
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  let current = "";
  page.on("console", (message) => {
    // The unknown-path probe is answered with status 404 on purpose; Chromium logs that as an error.
    if (message.type() === "error" && !message.text().includes("status of 404"))
      problems.push(`${current}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${current}: ${error.message}`));

  for (const path of [...routePaths, notFoundPath, "/no-such-page"]) {
    current = path;
    await page.goto(base + path, { waitUntil: "commit" });
    // Mark the server's <h1> as soon as it is parsed, before the scripts run. An expando property,
    // not an attribute, so the mark itself is no hydration mismatch.
    await page.waitForSelector("main h1", { state: "attached" });
    await page.evaluate(() => {
      const heading = document.querySelector("main h1");
      if (heading) Object.assign(heading, { fromServer: true });
    });
    await page.waitForLoadState("networkidle");
    const kept = await page.evaluate(() => Boolean(document.querySelector("main h1")?.fromServer));
    if (!kept) problems.push(`${path}: the server-rendered heading was replaced during hydration`);
    await page.click("button.burger");
    const toggled = await page.evaluate(() => document.body.classList.contains("menu-active"));
    if (!toggled) problems.push(`${path}: the burger did not open the menu after hydration`);
    console.log(`${kept && toggled ? "ok  " : "FAIL"} ${path}`);
  }
} finally {
  await browser.close();
  if (server) await new Promise((resolve) => server.close(resolve));
}

if (problems.length > 0) {
  console.error(
    `\n${problems.length} problem(s):\n${problems.map((problem) => `  - ${problem}`).join("\n")}`,
  );
  process.exit(1);
}
console.log("\nEvery page hydrated in place without errors.");
