// @ts-check
/**
 * `npm run perf`: Lighthouse (mobile preset, simulated throttling) on every route and the 404 page of
 * the built product, served the way `npm start` serves it, each measured PERF_RUNS times (3 by
 * default; the table shows the medians). A bare HTML page is measured in the same run, first and last,
 * as a reference: the best this host scores right now, since other work on it moves the figures.
 * Prints a table, writes each JSON report under <repo>/var/perf/, and exits 1 when a route misses the
 * budget (budget.mjs).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { blogPaths } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { routePaths } from "@site/shared/content";
import { searchPath } from "@site/shared/search";
import { localePath, locales } from "@site/shared/i18n";
import {
  budget,
  budgetMisses,
  formatPaintGaps,
  formatRepeatVisit,
  formatTable,
  medianOf,
  repeatVisitMisses,
  summarize,
} from "./budget.mjs";
import { chromeArgs, chromePath } from "./chrome.mjs";
import { startProduct } from "./product-server.mjs";
import { measureFirstSearch } from "./first-search.mjs";
import { measureRepeatVisit } from "./repeat-visit.mjs";

const reportDir = fileURLToPath(new URL("../../../var/perf/", import.meta.url));
const notFoundProbe = "/this-page-does-not-exist";

const chromeFlags = ["--headless=new", ...chromeArgs];
const runsPerRoute = Math.max(1, Number(process.env.PERF_RUNS ?? 3));

/**
 * 5 kB of plain inline CSS for the reference page: a page of this size styles itself before its first
 * paint as the site's pages do, so the comparison measures the site's own cost, not CSS as such.
 */
const bareCss = Array.from(
  { length: 81 },
  (_, i) => `.r${i}{margin:0 0 ${i % 8}px;padding:${i % 5}px;color:#0b4f4a;line-height:1.5}`,
).join("");

/** A heading, a paragraph and 5 kB of inline CSS: the reference every route is compared with. */
const barePage =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>' +
  '<title>Bare page</title><meta name="description" content="A bare HTML page measured as a reference."/>' +
  `<style>${bareCss}</style>` +
  "</head><body><main><h1>Bare page</h1><p>Nothing but HTML: the best score this host gives right now.</p></main></body></html>";

/** Serves the bare page on a free port. @returns {Promise<{ url: string, close: () => Promise<void> }>} */
function serveBarePage() {
  const server = createServer((request, response) => {
    if (request.url === "/robots.txt") {
      response.writeHead(200, { "Content-Type": "text/plain" }).end("User-agent: *\nAllow: /\n");
      return;
    }
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(barePage);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () => new Promise((done) => server.close(() => done(undefined))),
      });
    });
  });
}

/** @param {string} path */
const fileNameOf = (path) =>
  path === "/" ? "home" : path.replace(/^\//, "").replace(/[^a-z0-9-]+/gi, "-");

async function main() {
  await mkdir(reportDir, { recursive: true });
  const targets = [
    ...routePaths.map((path) => ({ label: path, path, isHome: path === "/", isNotFound: false })),
    // The blog's other kinds of page: the newest post, the newest of the posts translated into the most
    // languages (its French and Swahili pages show the translations) and a category's list.
    ...[
      blogPaths.post(blogPosts[0]?.slug ?? ""),
      ...[...blogPosts]
        .filter((post) => Object.keys(post.translations).length > 0)
        .sort((a, b) => Object.keys(b.translations).length - Object.keys(a.translations).length)
        .slice(0, 1)
        .map((post) => blogPaths.post(post.slug)),
      "/blog/category/banking",
      // The search's results page and a filtered Thought Leadership view.
      searchPath,
      "/thought-leadership/category/banking",
    ].map((path) => ({
      label: path,
      path,
      isHome: false,
      isNotFound: false,
    })),
    { label: "404", path: notFoundProbe, isHome: false, isNotFound: true },
  ];
  // The same pages in French and Swahili (PERF_LOCALES=en measures English only).
  const measured = (process.env.PERF_LOCALES ?? locales.join(",")).split(",");
  const english = [...targets];
  for (const locale of locales.filter((each) => each !== "en" && measured.includes(each)))
    targets.push(
      ...english.map((target) => ({
        ...target,
        label: target.isNotFound ? `${locale} 404` : localePath(locale, target.path),
        path: localePath(locale, target.path),
      })),
    );
  // PERF_ONLY=<regular expression> measures only the pages whose label matches (a second look at a few).
  if (process.env.PERF_ONLY) {
    const only = new RegExp(process.env.PERF_ONLY);
    targets.splice(0, targets.length, ...targets.filter((target) => only.test(target.label)));
  }

  /** @type {{ stop: () => Promise<void> } | undefined} */
  let product;
  /** @type {{ url: string, close: () => Promise<void> } | undefined} */
  let bare;
  /** @type {chromeLauncher.LaunchedChrome | undefined} */
  let chrome;
  // Ctrl-C still stops the server and Chrome.
  const interrupt = () => {
    void Promise.allSettled([product?.stop(), chrome?.kill(), bare?.close()]).then(() =>
      process.exit(130),
    );
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);

  try {
    const started = await startProduct();
    product = started;
    bare = await serveBarePage();
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags,
      logLevel: "error",
    });

    /**
     * Lighthouse on `url` once; a trace occasionally comes back unusable (NO_NAVSTART, NO_FCP) on a
     * busy machine: one more try.
     * @param {string} url @param {string} label @param {boolean} isNotFound
     */
    const measure = async (url, label, isNotFound) => {
      const options = {
        port: chrome?.port,
        output: /** @type {const} */ ("json"),
        logLevel: /** @type {const} */ ("error"),
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        // Lighthouse refuses a 4xx document by default; the not-found page answers 404 on purpose.
        ignoreStatusCode: isNotFound,
      };
      let result = await lighthouse(url, options);
      if (result?.lhr.runtimeError) {
        process.stdout.write(`  ${result.lhr.runtimeError.code}; measuring ${label} again\n`);
        result = await lighthouse(url, options);
      }
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
      return result;
    };

    /** The medians of `runsPerRoute` runs; the first run's report is kept. */
    const measureMedian = async (
      /** @type {string} */ url,
      /** @type {string} */ label,
      /** @type {{ isNotFound: boolean }} */ kind,
    ) => {
      const runs = [];
      for (let run = 1; run <= runsPerRoute; run += 1) {
        process.stdout.write(`Lighthouse ${label} (${run}/${runsPerRoute}) ...\n`);
        const result = await measure(url, label, kind.isNotFound);
        if (run === 1) {
          const reportFile = `${reportDir}${fileNameOf(label)}.json`;
          await writeFile(
            reportFile,
            typeof result.report === "string" ? result.report : JSON.stringify(result.lhr),
          );
        }
        runs.push(summarize(label, result.lhr, kind));
      }
      return medianOf(runs);
    };

    const rows = [];
    /** @type {string[]} */
    const failures = [];
    // The reference first and last: a machine that got busier during the run shows in the pair.
    const reference = "bare HTML (reference)";
    rows.push(await measureMedian(bare.url, reference, { isNotFound: false }));
    for (const target of targets) {
      const row = await measureMedian(`${started.baseUrl}${target.path}`, target.label, target);
      rows.push(row);
      for (const miss of budgetMisses(row, target)) failures.push(`${target.label}: ${miss}`);
    }
    rows.push(await measureMedian(bare.url, reference, { isNotFound: false }));
    const paintGaps = formatPaintGaps(
      rows.filter((row) => row.label !== reference),
      rows.filter((row) => row.label === reference),
    );

    // The home page again, as a returning visitor gets it with the service worker in control.
    process.stdout.write("Repeat visit of / with the service worker ...\n");
    const repeatVisit = await measureRepeatVisit(`${started.baseUrl}/`);
    for (const miss of repeatVisitMisses(repeatVisit.repeat))
      failures.push(`/ repeat visit: ${miss}`);

    // A visitor's first search: the search's code and the language's documents, loaded on focus.
    process.stdout.write("First search from the header's box ...\n");
    const firstSearch = await measureFirstSearch(started.baseUrl);
    if (firstSearch.kb > budget.firstSearchKb)
      failures.push(`first search: ${firstSearch.kb.toFixed(1)} kB > ${budget.firstSearchKb} kB`);
    const searchLine = `First search (focus the header's box, type "sacco", ${firstSearch.results} results): ${firstSearch.kb.toFixed(1)} kB over the wire in ${firstSearch.requests.length} requests (budget <= ${budget.firstSearchKb} kB).`;

    const table = `${formatTable(rows)}\n\n${paintGaps}\n\n${formatRepeatVisit(repeatVisit)}\n\n${searchLine}`;
    console.log(`\n${table}\n`);
    // The same table as Markdown and the raw figures, for the README and for comparing runs.
    await writeFile(
      `${reportDir}summary.md`,
      `${table}\n\n${failures.map((failure) => `- ${failure}`).join("\n")}\n`,
    );
    await writeFile(
      `${reportDir}summary.json`,
      `${JSON.stringify({ budget, rows, repeatVisit, firstSearch, failures }, null, 2)}\n`,
    );
    console.log(
      `Medians of ${runsPerRoute} run(s) per route. Budget: performance >= ${budget.performance}, a11y/BP/SEO = 100, ` +
        `LCP <= ${budget.lcpMs} ms, TBT <= ${budget.tbtMs} ms, CLS <= ${budget.cls}, ` +
        `first-load JS <= ${budget.firstLoadJsKb} kB gzip, home <= ${budget.homeTotalKb} kB total, ` +
        `home's repeat visit <= ${budget.repeatVisitKb} kB.`,
    );
    console.log(`Reports: ${reportDir}`);
    if (failures.length > 0) {
      console.log(
        `\nOver budget (${failures.length}):\n${failures.map((failure) => `  - ${failure}`).join("\n")}`,
      );
      process.exitCode = 1;
    } else {
      console.log("\nEvery route is within budget.");
    }
  } finally {
    await Promise.allSettled([chrome?.kill(), product?.stop(), bare?.close()]);
    process.off("SIGINT", interrupt);
    process.off("SIGTERM", interrupt);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
