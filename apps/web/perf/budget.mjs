// @ts-check
/**
 * The site's performance budget (perf/README.md) and how a Lighthouse result is read against it.
 * Pure functions: run.mjs feeds them the results.
 */

/** @typedef {import("lighthouse").Result} LhResult */

export const budget = {
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1200,
  cls: 0.01,
  tbtMs: 50,
  // Script that runs before a visitor interacts: every page is static HTML plus one small script;
  // the islands' code (React, the forms) loads on interaction and is not part of the load.
  firstLoadJsKb: 15,
  homeTotalKb: 150,
  // The home page again with the service worker in control (perf/repeat-visit.mjs): the page's
  // revalidation and the worker's update check, everything else from the device.
  repeatVisitKb: 5,
  /** A visitor's first search (the search's code and the language's documents), over the wire. */
  firstSearchKb: 60,
};

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

/**
 * One row from several runs of a route: the median of each measure (a busy machine disturbs single
 * runs), with the failing audits of the run whose performance score is the median.
 * @param {RouteSummary[]} runs
 * @returns {RouteSummary}
 */
export function medianOf(runs) {
  const measured = runs.filter((run) => !run.runtimeError);
  if (measured.length === 0) {
    const first = runs[0];
    if (!first) throw new Error("medianOf: no runs");
    return first;
  }
  /** @param {(run: RouteSummary) => number | null} read */
  const mid = (read) => {
    const values = measured.map(read).filter((value) => value !== null);
    return values.length === 0 ? null : median(/** @type {number[]} */ (values));
  };
  const performance = mid((run) => run.performance);
  const typical = measured.find((run) => run.performance === performance) ?? measured[0];
  return {
    .../** @type {RouteSummary} */ (typical),
    performance,
    accessibility: mid((run) => run.accessibility),
    bestPractices: mid((run) => run.bestPractices),
    seo: mid((run) => run.seo),
    lcpMs: mid((run) => run.lcpMs),
    cls: mid((run) => run.cls),
    tbtMs: mid((run) => run.tbtMs),
    firstLoadJsKb: mid((run) => run.firstLoadJsKb) ?? 0,
    totalKb: mid((run) => run.totalKb),
  };
}

/**
 * @typedef {object} RouteSummary
 * @property {string} label
 * @property {string} url
 * @property {number | null} performance
 * @property {number | null} accessibility
 * @property {number | null} bestPractices
 * @property {number | null} seo
 * @property {number | null} lcpMs
 * @property {number | null} cls
 * @property {number | null} tbtMs
 * @property {number} firstLoadJsKb   script transfer sizes (gzip on the wire), kB
 * @property {number | null} totalKb
 * @property {string | undefined} runtimeError
 * @property {Record<string, string[]>} failingAudits  category id -> ids of audits that lost points
 * @property {string[]} expectedFailures  audits that fail by design on this page (the 404 page's status)
 */

/** @param {number | null | undefined} score 0..1 */
const percent = (score) => (typeof score === "number" ? Math.round(score * 100) : null);

/** @param {LhResult} lhr @param {string} id */
const numeric = (lhr, id) => {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === "number" ? value : null;
};

/**
 * First-load JavaScript: the transfer size of every script request of the page load (the network
 * requests audit lists them with what went over the wire, so gzip or brotli is already counted).
 * @param {LhResult} lhr
 */
export function scriptTransferBytes(lhr) {
  const details =
    /** @type {{ items?: Array<{ resourceType?: string, transferSize?: number }> } | undefined} */ (
      lhr.audits["network-requests"]?.details
    );
  return (details?.items ?? [])
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

/**
 * The audits of a category that cost it points: scored audits below 1 (for performance only the
 * weighted metrics and the insights and diagnostics that failed).
 * @param {LhResult} lhr
 * @param {string} categoryId
 */
export function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  return category.auditRefs
    .filter((ref) => {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null) return false;
      if (
        audit.scoreDisplayMode === "informative" ||
        audit.scoreDisplayMode === "notApplicable" ||
        audit.scoreDisplayMode === "manual"
      ) {
        return false;
      }
      return categoryId === "performance" ? audit.score < 0.9 : audit.score < 1;
    })
    .map((ref) => ref.id);
}

/**
 * A not-found page answers 404 and asks not to be indexed, on purpose. Lighthouse marks exactly that
 * down (http-status-code, is-crawlable, and errors-in-console for the browser's own "404" line about
 * the document); those, and only those, are expected on it.
 * @param {LhResult} lhr
 */
export function expectedNotFoundFailures(lhr) {
  const expected = ["http-status-code", "is-crawlable"];
  const consoleItems =
    /** @type {{ items?: Array<{ source?: string, sourceLocation?: { url?: string } }> } | undefined} */ (
      lhr.audits["errors-in-console"]?.details
    )?.items;
  const documentUrl = lhr.finalDisplayedUrl;
  if (
    consoleItems?.length &&
    consoleItems.every(
      (item) => item.source === "network" && item.sourceLocation?.url === documentUrl,
    )
  ) {
    expected.push("errors-in-console");
  }
  return expected;
}

/**
 * @param {string} label
 * @param {LhResult} lhr
 * @param {{ isNotFound?: boolean }} [kind]
 * @returns {RouteSummary}
 */
export function summarize(label, lhr, { isNotFound = false } = {}) {
  const categories = ["performance", "accessibility", "best-practices", "seo"];
  /** @type {Record<string, string[]>} */
  const failing = {};
  for (const id of categories) {
    const ids = failingAudits(lhr, id);
    if (ids.length > 0) failing[id] = ids;
  }
  const total = numeric(lhr, "total-byte-weight");
  return {
    label,
    url: lhr.finalDisplayedUrl,
    performance: percent(lhr.categories.performance?.score),
    accessibility: percent(lhr.categories.accessibility?.score),
    bestPractices: percent(lhr.categories["best-practices"]?.score),
    seo: percent(lhr.categories.seo?.score),
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    firstLoadJsKb: scriptTransferBytes(lhr) / 1000,
    totalKb: total === null ? null : total / 1000,
    runtimeError: lhr.runtimeError
      ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
      : undefined,
    failingAudits: failing,
    expectedFailures: isNotFound ? expectedNotFoundFailures(lhr) : [],
  };
}

/**
 * What a route misses of the budget, one sentence each (empty: within budget).
 * @param {RouteSummary} row
 * @param {{ isHome: boolean }} kind
 */
export function budgetMisses(row, { isHome }) {
  if (row.runtimeError) return [`Lighthouse could not measure it (${row.runtimeError})`];
  /** @type {string[]} */
  const misses = [];
  /**
   * A category misses when its score is under the minimum, unless every audit that cost it points
   * is one this page fails by design.
   * @param {number | null} score @param {number} min @param {string} name @param {string} id
   */
  const category = (score, min, name, id) => {
    if (score !== null && score >= min) return;
    const failing = (row.failingAudits[id] ?? []).filter(
      (audit) => !row.expectedFailures.includes(audit),
    );
    if (score !== null && failing.length === 0 && (row.failingAudits[id]?.length ?? 0) > 0) return;
    misses.push(
      `${name} ${score ?? "n/a"} < ${min}${failing.length ? ` [${failing.join(", ")}]` : ""}`,
    );
  };
  category(row.performance, budget.performance, "performance", "performance");
  category(row.accessibility, budget.accessibility, "accessibility", "accessibility");
  category(row.bestPractices, budget.bestPractices, "best practices", "best-practices");
  category(row.seo, budget.seo, "SEO", "seo");
  // The metric's own audit id, then the performance insights Lighthouse flags as the likely causes.
  const causes = (/** @type {string} */ metric) =>
    ` [${[metric, ...(row.failingAudits.performance ?? [])].join(", ")}]`;
  if (row.lcpMs === null || row.lcpMs > budget.lcpMs) {
    misses.push(
      `LCP ${fmtMs(row.lcpMs)} > ${budget.lcpMs} ms${causes("largest-contentful-paint")}`,
    );
  }
  if (row.tbtMs === null || row.tbtMs > budget.tbtMs) {
    misses.push(`TBT ${fmtMs(row.tbtMs)} > ${budget.tbtMs} ms${causes("total-blocking-time")}`);
  }
  if (row.cls === null || row.cls > budget.cls) {
    misses.push(
      `CLS ${row.cls?.toFixed(3) ?? "n/a"} > ${budget.cls}${causes("cumulative-layout-shift")}`,
    );
  }
  if (row.firstLoadJsKb > budget.firstLoadJsKb) {
    misses.push(
      `first-load JS ${row.firstLoadJsKb.toFixed(1)} kB > ${budget.firstLoadJsKb} kB [network-requests: Script transfer sizes]`,
    );
  }
  if (isHome && (row.totalKb === null || row.totalKb > budget.homeTotalKb)) {
    misses.push(
      `home page ${row.totalKb?.toFixed(1) ?? "n/a"} kB over the wire > ${budget.homeTotalKb} kB [total-byte-weight]`,
    );
  }
  return misses;
}

/** @param {number | null} ms */
const fmtMs = (ms) => (ms === null ? "n/a" : `${Math.round(ms)} ms`);

/**
 * A plain-text table, one row per route.
 * @param {RouteSummary[]} rows
 */
export function formatTable(rows) {
  const header = [
    "route",
    "perf",
    "a11y",
    "BP",
    "SEO",
    "LCP",
    "CLS",
    "TBT",
    "JS kB gz",
    "total kB",
  ];
  const body = rows.map((row) => [
    row.label,
    String(row.performance ?? "-"),
    String(row.accessibility ?? "-"),
    String(row.bestPractices ?? "-"),
    String(row.seo ?? "-"),
    row.lcpMs === null ? "-" : `${(row.lcpMs / 1000).toFixed(2)} s`,
    row.cls === null ? "-" : row.cls.toFixed(3),
    row.tbtMs === null ? "-" : `${Math.round(row.tbtMs)} ms`,
    row.firstLoadJsKb.toFixed(1),
    row.totalKb === null ? "-" : row.totalKb.toFixed(1),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => (cells[column] ?? "").length)),
  );
  const line = (/** @type {string[]} */ cells) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  return [
    line(header),
    `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
    ...body.map(line),
  ].join("\n");
}

/** The paint target: each route's LCP and TBT beside the bare reference page's, measured in the same run. */
export const paintTarget = { lcpOverBareMs: 250, tbtOverBareMs: 30 };

/**
 * Each route's LCP and TBT over the reference's (the median of its measurements in the run, so a machine
 * that got busier shows in both), one line each, and how many routes meet the paint target.
 * Printed, not held to a budget: the gap is a figure of this host's run.
 * @param {RouteSummary[]} rows
 * @param {RouteSummary[]} references
 */
export function formatPaintGaps(rows, references) {
  /** @param {(row: RouteSummary) => number | null} read */
  const bare = (read) => {
    const values = /** @type {number[]} */ (references.map(read).filter((value) => value !== null));
    return values.length === 0 ? undefined : median(values);
  };
  const bareLcp = bare((row) => row.lcpMs);
  const bareTbt = bare((row) => row.tbtMs);
  if (bareLcp === undefined || bareTbt === undefined)
    return "Paint target: the reference page could not be measured.";
  let met = 0;
  const lines = rows.map((row) => {
    if (row.lcpMs === null || row.tbtMs === null) return `  ${row.label}: not measured`;
    const lcp = row.lcpMs - bareLcp;
    const tbt = row.tbtMs - bareTbt;
    const ok = lcp <= paintTarget.lcpOverBareMs && tbt <= paintTarget.tbtOverBareMs;
    if (ok) met += 1;
    return `  ${ok ? "meets" : "misses"} ${row.label}: LCP ${lcp >= 0 ? "+" : ""}${Math.round(lcp)} ms, TBT ${tbt >= 0 ? "+" : ""}${Math.round(tbt)} ms`;
  });
  return [
    `Paint target (LCP within ${paintTarget.lcpOverBareMs} ms and TBT within ${paintTarget.tbtOverBareMs} ms of the bare page's ${(bareLcp / 1000).toFixed(2)} s / ${Math.round(bareTbt)} ms): ${met} of ${rows.length} routes meet it`,
    ...lines,
  ].join("\n");
}

/** @typedef {{ bytes: number, requests: number, fromWorker: number, lcpMs: number }} Visit */

/**
 * What the home page's repeat visit misses of the budget.
 * @param {Visit} repeat
 * @returns {string[]}
 */
export function repeatVisitMisses(repeat) {
  const kb = repeat.bytes / 1000;
  return kb > budget.repeatVisitKb
    ? [`${kb.toFixed(1)} kB over the wire > ${budget.repeatVisitKb} kB`]
    : [];
}

/**
 * The repeat visit's lines of the printed table (Markdown), the first visit beside it for comparison.
 * @param {{ first: Visit, repeat: Visit }} visits
 */
export function formatRepeatVisit({ first, repeat }) {
  /** @param {string} label @param {Visit} visit */
  const line = (label, visit) =>
    `| ${label} | ${(visit.bytes / 1000).toFixed(1)} | ${visit.requests} | ${visit.fromWorker} | ${Math.round(visit.lcpMs)} |`;
  return [
    "| home, Lighthouse's mobile network and CPU applied | kB over the wire | requests of the page | answered by the service worker | LCP ms |",
    "| --- | ---: | ---: | ---: | ---: |",
    line("first visit, until the service worker it registers has taken over", first),
    line(`repeat visit, service worker active (budget <= ${budget.repeatVisitKb} kB)`, repeat),
  ].join("\n");
}
