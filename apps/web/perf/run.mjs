// @ts-check
/**
 * `npm run perf`: Lighthouse (mobile preset, simulated throttling) on every route and the 404 page of
 * the built product, served the way `npm start` serves it. Prints a table, writes each JSON report
 * under <repo>/var/perf/, and exits 1 when a route misses the budget (budget.mjs).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { routePaths } from "@site/shared/content";
import { budget, budgetMisses, formatTable, summarize } from "./budget.mjs";
import { chromeArgs, chromePath } from "./chrome.mjs";
import { startProduct } from "./product-server.mjs";

const reportDir = fileURLToPath(new URL("../../../var/perf/", import.meta.url));
const notFoundProbe = "/this-page-does-not-exist";

const chromeFlags = ["--headless=new", ...chromeArgs];

/** @param {string} path */
const fileNameOf = (path) => (path === "/" ? "home" : path.replace(/^\//, "").replace(/[^a-z0-9-]+/gi, "-"));

async function main() {
  await mkdir(reportDir, { recursive: true });
  const targets = [
    ...routePaths.map((path) => ({ label: path, path, isHome: path === "/", isNotFound: false })),
    { label: "404", path: notFoundProbe, isHome: false, isNotFound: true },
  ];

  /** @type {{ stop: () => Promise<void> } | undefined} */
  let product;
  /** @type {chromeLauncher.LaunchedChrome | undefined} */
  let chrome;
  // Ctrl-C still stops the server and Chrome.
  const interrupt = () => {
    void Promise.allSettled([product?.stop(), chrome?.kill()]).then(() => process.exit(130));
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);

  try {
    const started = await startProduct();
    product = started;
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags,
      logLevel: "error",
    });

    const rows = [];
    /** @type {string[]} */
    const failures = [];
    for (const target of targets) {
      const url = `${started.baseUrl}${target.path}`;
      process.stdout.write(`Lighthouse ${target.label} ...\n`);
      const options = {
        port: chrome.port,
        output: /** @type {const} */ ("json"),
        logLevel: /** @type {const} */ ("error"),
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        // Lighthouse refuses a 4xx document by default; the not-found page answers 404 on purpose.
        ignoreStatusCode: target.isNotFound,
      };
      let result = await lighthouse(url, options);
      // A trace occasionally comes back unusable (NO_NAVSTART, NO_FCP) on a busy machine: one more try.
      if (result?.lhr.runtimeError) {
        process.stdout.write(`  ${result.lhr.runtimeError.code}; measuring ${target.label} again\n`);
        result = await lighthouse(url, options);
      }
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
      const reportFile = `${reportDir}${fileNameOf(target.label)}.json`;
      await writeFile(reportFile, typeof result.report === "string" ? result.report : JSON.stringify(result.lhr));
      const row = summarize(target.label, result.lhr, target);
      rows.push(row);
      for (const miss of budgetMisses(row, target)) failures.push(`${target.label}: ${miss}`);
    }

    const table = formatTable(rows);
    console.log(`\n${table}\n`);
    // The same table as Markdown and the raw figures, for the README and for comparing runs.
    await writeFile(`${reportDir}summary.md`, `${table}\n\n${failures.map((failure) => `- ${failure}`).join("\n")}\n`);
    await writeFile(`${reportDir}summary.json`, `${JSON.stringify({ budget, rows, failures }, null, 2)}\n`);
    console.log(
      `Budget: performance >= ${budget.performance}, a11y/BP/SEO = 100, LCP <= ${budget.lcpMs} ms, CLS <= ${budget.cls}, ` +
        `first-load JS <= ${budget.firstLoadJsKb} kB gzip, home <= ${budget.homeTotalKb} kB total.`,
    );
    console.log(`Reports: ${reportDir}`);
    if (failures.length > 0) {
      console.log(`\nOver budget (${failures.length}):\n${failures.map((failure) => `  - ${failure}`).join("\n")}`);
      process.exitCode = 1;
    } else {
      console.log("\nEvery route is within budget.");
    }
  } finally {
    await Promise.allSettled([chrome?.kill(), product?.stop()]);
    process.off("SIGINT", interrupt);
    process.off("SIGTERM", interrupt);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exitCode = 1;
});
