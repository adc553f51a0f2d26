import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { splitLocalePath } from "@site/shared/i18n";
import { waitForBehaviours } from "../../web/e2e/support/page-health";
import { expect, test } from "./support/product";

/**
 * The office stays out of the public site: no public page asks for anything under /admin (nor any
 * file of the office's build, wherever it might be served from), and the service worker's precache list
 * names none of them, so a visitor's browser never fetches, runs or keeps the office's code. Every
 * page's HTML is read; a page of each kind in each language is opened in a browser, its script run.
 */
// The build the server serves: SITE_DIR when set (a copy, say, while someone rebuilds the site), else the web's.
const siteDir =
  process.env.SITE_DIR ?? fileURLToPath(new URL("../../web/build/client/", import.meta.url));
const officeAssets = readdirSync(fileURLToPath(new URL("../dist/assets/", import.meta.url)));

/** Every page the build wrote: /about for about/index.html, / for index.html. */
function publicPages(dir = siteDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "assets" ? [] : publicPages(path);
    if (entry.name !== "index.html") return [];
    const page = `/${relative(siteDir, dir).split("\\").join("/")}`;
    return [page === "/" ? "/" : page.replace(/\/$/, "")];
  });
}

const touchesOffice = (url: string) =>
  new URL(url).pathname.startsWith("/admin") || officeAssets.some((file) => url.includes(file));

const pages = publicPages();

/**
 * What code a page has: pages of one kind in one language (the blog's posts, its categories, Thought
 * Leadership's) share their markup's scripts, styles and islands, and differ in their text alone.
 */
function kindOf(path: string): string {
  const { locale, path: page } = splitLocalePath(path);
  const kind = page
    .replace(/^\/(blog|thought-leadership)\/category\/[^/]+$/, "/$1/category/*")
    .replace(/^\/blog\/(?!category\/)[^/]+$/, "/blog/*");
  return `${locale} ${kind}`;
}
/** One page of each kind in each language: the browser's check (every page's HTML is read below). */
const pageOfEachKind = [...new Map(pages.map((path) => [kindOf(path), path])).values()];
const perTest = 15;
test.describe.configure({ mode: "parallel" });

test("the build has its public pages", () => {
  expect(pages.length).toBeGreaterThan(10);
  expect(pageOfEachKind.length).toBeLessThan(pages.length);
});

// What a page asks for is in its HTML or comes from the code it runs. The HTML of every page names
// nothing of the office; the code is the same for every page of a kind, checked in a browser below.
test("no public page's HTML names anything of the office", () => {
  const named = pages.flatMap((path) => {
    const html = readFileSync(join(siteDir, path, "index.html"), "utf8");
    return ["/admin", ...officeAssets]
      .filter((name) => html.includes(name))
      .map((name) => `${path} names ${name}`);
  });
  expect(named).toEqual([]);
});

for (let start = 0; start < pageOfEachKind.length; start += perTest) {
  const group = pageOfEachKind.slice(start, start + perTest);
  test(`no public page requests an office asset: ${group[0]} … ${group.at(-1)}`, async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on("request", (request) => {
      if (touchesOffice(request.url())) requested.push(`${page.url()} -> ${request.url()}`);
    });
    for (const path of group) {
      const response = await page.goto(path, { waitUntil: "load" });
      // Each language's not-found page is prerendered at <language>/404 and sent with its status there too.
      expect(response?.status(), path).toBe(path.endsWith("/404") ? 404 : 200);
      // The page's one script starts after its first paint, maybe after the load event: the check
      // covers what it fetches too.
      await waitForBehaviours(page);
    }
    expect(requested).toEqual([]);
  });
}

test("the check sees the office's requests where there are some: its own sign-in page, without Firebase", async ({
  page,
}) => {
  const requested: string[] = [];
  page.on("request", (request) => {
    if (touchesOffice(request.url())) requested.push(request.url());
  });
  await page.goto("/admin/sign-in", { waitUntil: "load" });
  await expect(page.getByRole("button", { name: "Mail me a sign-in link" })).toBeVisible();
  expect(requested.some((url) => officeAssets.some((file) => url.endsWith(file)))).toBe(true);
  // In the mailed-link mode (the default) the office's own first load leaves Firebase's SDK unfetched.
  const firebaseChunks = officeAssets.filter((file) => file.startsWith("firebase-sign-in-"));
  expect(firebaseChunks).toHaveLength(1);
  expect(requested.filter((url) => firebaseChunks.some((file) => url.endsWith(file)))).toEqual([]);
});

test("the service worker's precache list names no office file", async ({ request }) => {
  const served = await (await request.get("/sw.js")).text();
  const built = readFileSync(join(siteDir, "sw.js"), "utf8");
  for (const worker of [served, built]) {
    expect(worker).toContain("revision");
    expect(worker).not.toMatch(/["'`]\/?admin\//);
    for (const file of officeAssets) expect(worker).not.toContain(file);
  }
});
