import { createHash } from "node:crypto";
import escapeHtml from "escape-html";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import expressStaticGzip from "express-static-gzip";
import express, { type Request, type RequestHandler, type Response, Router } from "express";
import {
  blogCategoryFromSlug,
  blogPaths,
  commentThreadHtml,
  commentThreadOpenTag,
  type ThreadComment,
} from "@site/shared/blog";
import { notFoundPath } from "@site/shared/content";
import {
  intlLocales,
  localePath,
  locales,
  splitLocalePath,
  trimTrailingSlashes,
  type Locale,
} from "@site/shared/i18n";
import { translations } from "@site/shared/i18n/translations";
import { serviceWorkerFile } from "@site/shared/service-worker";
import { siteManifestFile, siteManifestSchema, type SiteManifest } from "@site/shared/site";

/** Hashed build output never changes under one name: cache it for a year. */
const immutable = "public, max-age=31536000, immutable";

/** Directives every site response shares; HTML adds the hashes of its own inline scripts. */
const baseDirectives = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  // The site's own service worker (sw.js), and nothing else, may run as a worker.
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const scriptSrc = ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(" ");
  return [...baseDirectives, `script-src ${scriptSrc}`].join("; ");
}

/** The CSP for site files that are not HTML (they run no inline script). */
export const siteAssetPolicy = contentSecurityPolicy([]);

/**
 * Response headers that only mean something on a document (or a file a browser might render as one),
 * set on every answer by helmet and app.ts. X-Content-Type-Options and Cross-Origin-Resource-Policy
 * stay on everything: they protect scripts and styles too.
 */
export const documentOnlyHeaders = [
  "Content-Security-Policy",
  "Cross-Origin-Opener-Policy",
  "Origin-Agent-Cluster",
  "Referrer-Policy",
  "Strict-Transport-Security",
  "X-DNS-Prefetch-Control",
  "X-Download-Options",
  "X-Frame-Options",
  "X-Permitted-Cross-Domain-Policies",
  "X-XSS-Protection",
] as const;

interface Page {
  body: Buffer;
  csp: string;
  etag: string;
  /** A blog post's page: where its comment thread and its form's start time go (see withComments). */
  comments?: CommentSlot;
}

/** What a request fills into a post page: the approved thread, and the form's start time. */
type CommentHole = "thread" | "formStarted";

interface CommentSlot {
  post: string;
  /** The language of the page (a post's page exists in each): the thread's words and dates follow it. */
  locale: Locale;
  /**
   * The built page cut where a request fills something in: `pieces[0]`, `holes[0]`, `pieces[1]`,
   * `holes[1]`... Cut once, at start-up, in the page's own HTML: what a request fills in (the thread,
   * visitors' text) is never searched or replaced in afterwards, so no comment can move the start time.
   */
  pieces: readonly string[];
  holes: readonly CommentHole[];
}

/** Marks the comment form's hidden start-time field (apps/web comment-section.tsx), prerendered empty. */
const formStartedAttribute = 'data-form-started=""';

/**
 * Where the value of each start-time field goes in the page's own HTML (between the quotes of its
 * `value=""`), skipping the thread's slot, which a request replaces whole. A marked field without an
 * empty value stops the start: the page could never take a comment.
 */
function formStartedOffsets(
  html: string,
  slot: { start: number; end: number },
  where: string,
): number[] {
  const offsets: number[] = [];
  for (
    let at = html.indexOf(formStartedAttribute);
    at !== -1;
    at = html.indexOf(formStartedAttribute, at + formStartedAttribute.length)
  ) {
    if (at >= slot.start && at < slot.end) continue;
    const open = html.lastIndexOf("<", at);
    const close = html.indexOf(">", at);
    const tag = html.slice(open, close === -1 ? html.length : close);
    const value = tag.startsWith("<input") ? tag.search(/\svalue=""/) : -1;
    if (value === -1)
      throw new Error(`${where}: the comment form's start-time field has no empty value attribute`);
    offsets.push(open + value + ' value="'.length);
  }
  return offsets;
}

/**
 * A post page's template: the page cut at the comment thread's slot element (prerendered empty, no
 * nested `<div>` inside it) and at the value of its form's hidden start-time field. Null for a page
 * without the slot.
 */
function commentSlotOf(localizedPath: string, html: string): CommentSlot | null {
  const { locale, path: urlPath } = splitLocalePath(localizedPath);
  const prefix = `${blogPaths.index}/`;
  if (!urlPath.startsWith(prefix) || urlPath.startsWith(`${prefix}category/`)) return null;
  const start = html.indexOf(commentThreadOpenTag);
  if (start === -1) return null;
  const close = html.indexOf("</div>", start);
  if (close === -1) throw new Error(`${urlPath}: the comment thread's slot is not closed`);
  const end = close + "</div>".length;
  const cuts = [
    { from: start, to: end, hole: "thread" as const },
    ...formStartedOffsets(html, { start, end }, urlPath).map((at) => ({
      from: at,
      to: at,
      hole: "formStarted" as const,
    })),
  ].sort((a, b) => a.from - b.from);
  const pieces: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    pieces.push(html.slice(from, cut.from));
    from = cut.to;
  }
  pieces.push(html.slice(from));
  return {
    post: urlPath.slice(prefix.length).replace(/\/index\.html$/, ""),
    locale,
    pieces,
    holes: cuts.map((cut) => cut.hole),
  };
}

/** The page of `slot` with each hole filled. */
function fillCommentSlot(slot: CommentSlot, fills: Readonly<Record<CommentHole, string>>): string {
  const parts = [slot.pieces[0] ?? ""];
  slot.holes.forEach((hole, index) => parts.push(fills[hole], slot.pieces[index + 1] ?? ""));
  return parts.join("");
}

function htmlFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...htmlFiles(path));
    else if (entry.isFile() && entry.name.endsWith(".html")) files.push(path);
  }
  return files;
}

/**
 * The build's manifest (apps/web/scripts/prerender.mjs writes it): each page's inline script hashes.
 * Undefined when the build has none; a manifest that does not parse is an error.
 */
function readManifest(dir: string): SiteManifest | undefined {
  const file = join(dir, siteManifestFile);
  if (!existsSync(file)) return undefined;
  const parsed = siteManifestSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file} is not a site manifest: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * Reads every HTML file once at start-up and indexes it by the URL paths that serve it:
 * `about/index.html` answers `/about` (canonical) and `/about/index.html`; `index.html` answers `/`.
 * Each page's CSP names the inline script hashes the manifest lists for it; a page the manifest does not
 * list is an error (a build from another version, or a file added by hand).
 */
function loadPages(dir: string, manifest: SiteManifest): Map<string, Page> {
  const pages = new Map<string, Page>();
  const files = htmlFiles(dir).sort();
  for (const file of files) {
    const relativePath = relative(dir, file).split(sep).join("/");
    const entry = manifest.pages[relativePath];
    if (!entry)
      throw new Error(
        `${relativePath} is not in ${join(dir, siteManifestFile)}: rebuild the website (apps/web)`,
      );
    const body = readFileSync(file);
    const urlPath = `/${relativePath}`;
    const slot = commentSlotOf(urlPath, body.toString("utf8"));
    const page: Page = {
      body,
      csp: contentSecurityPolicy(entry.inlineScriptHashes),
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      ...(slot ? { comments: slot } : {}),
    };
    pages.set(urlPath, page);
    if (urlPath.endsWith("/index.html")) {
      const folder = urlPath.slice(0, -"/index.html".length);
      pages.set(folder === "" ? "/" : folder, page);
    }
  }
  // `about.html` also answers `/about` unless `about/index.html` already does.
  for (const [urlPath, page] of [...pages]) {
    if (urlPath.endsWith(".html") && !urlPath.endsWith("/index.html")) {
      const bare = urlPath.slice(0, -".html".length);
      if (!pages.has(bare)) pages.set(bare, page);
    }
  }
  return pages;
}

function sendPage(
  req: Request,
  res: Response,
  page: Page,
  status: number,
  // The body, made only when the browser's copy is not fresh.
  body: () => Buffer | string = () => page.body,
  etag: string = page.etag,
): void {
  res.status(status);
  res.set({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache",
    "Content-Security-Policy": page.csp,
    ETag: etag,
  });
  if (status === 200 && req.fresh) {
    res.status(304).end();
    return;
  }
  res.send(body());
}

/** What the site needs of the comments (comments/service.ts). */
export interface SiteComments {
  /** The post's approved comments, oldest first (cached per post by the service). */
  thread(post: string): Promise<readonly ThreadComment[]>;
  /** The signed start time for the post's comment form (the minimum fill time). */
  formStarted(post: string): string;
}

/**
 * A post page with its approved comments in the thread's slot and its form's start time filled in.
 * The ETag names the page and the thread (weak: the start time differs on every answer, which only
 * matters to the form, and an older one passes the fill-time check all the more), so a browser
 * revalidating an unchanged thread gets a 304 and the store is read at most once per cache period.
 * If the store cannot be read, the page is served as built, its slot saying there are no comments.
 */
async function sendPostPage(
  req: Request,
  res: Response,
  page: Page & { comments: CommentSlot },
  comments: SiteComments,
): Promise<void> {
  let thread: string | null = null;
  try {
    thread = commentThreadHtml(
      await comments.thread(page.comments.post),
      threadLanguage(page.comments.locale),
    );
  } catch (error) {
    req.log.error({ err: error }, "store failed to read a post's comments");
  }
  if (thread === null) {
    sendPage(req, res, page, 200);
    return;
  }
  const threadHash = createHash("sha1").update(thread).digest("base64url").slice(0, 16);
  const etag = `W/${page.etag.slice(0, -1)}.${threadHash}"`;
  const slot = page.comments;
  const approved = thread;
  sendPage(
    req,
    res,
    page,
    200,
    () =>
      fillCommentSlot(slot, {
        thread: approved,
        formStarted: escapeHtml(comments.formStarted(slot.post)),
      }),
    etag,
  );
}

/** A thread's words and dates in a page's language (the web prerenders the empty slot the same way). */
const threadLanguage = (locale: Locale) => ({
  dateLocale: intlLocales[locale],
  messages: translations(locale).messages.commentMessages,
});

/**
 * `/blog?category=banking` (a filter choice kept in the query, as links and bookmarks may carry it): the
 * same view as the prerendered `/blog/category/banking`, so a permanent redirect there; an unknown
 * category falls back to all posts (a temporary redirect: the category may exist one day).
 */
function blogCategoryRedirect(req: Request, res: Response): boolean {
  const { locale, path } = splitLocalePath(req.path);
  if (path !== blogPaths.index || req.query["category"] === undefined) return false;
  const value = req.query["category"];
  const category =
    typeof value === "string" ? blogCategoryFromSlug(value.trim().toLowerCase()) : undefined;
  if (category) res.redirect(301, localePath(locale, blogPaths.category(category)));
  else res.redirect(302, localePath(locale, blogPaths.index));
  return true;
}

export interface SiteOptions {
  /** The web build's client folder (apps/web/build/client). */
  dir: string;
  /** Fills post pages' comment threads and form start times; omitted, post pages are served as built. */
  comments?: SiteComments | undefined;
}

/** Without a usable build the API still runs, and `/` says plainly why there is no site. */
function noSite(reason: string): RequestHandler {
  const router = Router();
  router.get("/", (_req, res) => {
    res.type("text/plain").send(`The API is running. ${reason}\n`);
  });
  router.use((_req, res) => {
    res.status(404).type("text/plain").send("Not found.\n");
  });
  return router;
}

/**
 * Serves the prerendered site: each route's own HTML with a CSP naming its inline scripts' hashes
 * (from the build's manifest), hashed assets cached for a year, other files briefly, `/about/`
 * redirected to `/about`, and unknown paths answered with the prerendered 404 page and status 404.
 * Without a build, or with a build that has no manifest, `/` says so plainly.
 */
export function createSite({ dir, comments }: SiteOptions): RequestHandler {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    return noSite("The website build was not found; build apps/web or set SITE_DIR.");
  const manifest = readManifest(dir);
  if (!manifest)
    return noSite(
      `The website build in ${dir} has no ${siteManifestFile} (its pages' script hashes); build apps/web again.`,
    );

  const router = Router();
  const pages = loadPages(dir, manifest);
  // The not-found page of each language: an unknown path under /fr or /sw gets its language's.
  const notFoundPages = new Map(
    locales.flatMap((locale) => {
      const page = pages.get(localePath(locale, notFoundPath));
      return page ? [[locale, page] as const] : [];
    }),
  );
  const notFoundPageFor = (path: string) =>
    notFoundPages.get(splitLocalePath(path).locale) ?? notFoundPages.get("en");
  const isNotFoundPage = (page: Page) => [...notFoundPages.values()].includes(page);

  router.use(async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      next();
      return;
    }
    if (blogCategoryRedirect(req, res)) return;
    const page = pages.get(req.path);
    if (page?.comments && comments) {
      await sendPostPage(req, res, { ...page, comments: page.comments }, comments);
      return;
    }
    if (page) {
      // The not-found page says 404 even at its own address, so no crawler indexes it as content.
      sendPage(req, res, page, isNotFoundPage(page) ? 404 : 200);
      return;
    }
    // One canonical URL per page: `/about/` → `/about`, keeping the query string.
    if (req.path.length > 1 && req.path.endsWith("/")) {
      // A linear trim: a pattern like /\/+$/ takes quadratic time on a path of thousands of slashes.
      const canonical = trimTrailingSlashes(req.path) || "/";
      if (pages.has(canonical)) {
        const queryStart = req.originalUrl.indexOf("?");
        const search = queryStart === -1 ? "" : req.originalUrl.slice(queryStart);
        res.redirect(301, canonical + search);
        return;
      }
    }
    next();
  });

  // The build precompresses its assets (brotli 11 and gzip 9, next to each file); the browser gets the
  // best variant it accepts, and the on-the-fly compression downstream leaves encoded answers alone.
  // Fingerprinted files never change, so they need no validators, and the headers that only govern a
  // document (framing, HSTS, opener, CSP...) are dropped from scripts and styles: about 0.6 kB less on
  // every one of a page's requests, on costly mobile data. SVG keeps its CSP (it can hold script).
  router.use(
    "/assets",
    expressStaticGzip(join(dir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      serveStatic: {
        index: false,
        redirect: false,
        fallthrough: true,
        etag: false,
        lastModified: false,
        setHeaders: (res, path) => {
          res.setHeader("Cache-Control", immutable);
          if (/\.svg(?:\.(?:br|gz))?$/.test(path))
            res.setHeader("Content-Security-Policy", siteAssetPolicy);
          else for (const name of documentOnlyHeaders) res.removeHeader(name);
        },
      },
    }),
  );
  const root = resolve(dir);
  router.use(
    express.static(dir, {
      index: false,
      redirect: false,
      fallthrough: true,
      // Not fingerprinted (favicon, robots.txt, images from public/): cached briefly, then revalidated.
      // The service worker is always revalidated, so a new release takes over at the next navigation
      // instead of an hour later (browsers also cap a worker's HTTP caching at a day; we do not rely on it).
      setHeaders: (res, path) => {
        res.setHeader(
          "Cache-Control",
          basename(path) === serviceWorkerFile && dirname(path) === root
            ? "no-cache"
            : "public, max-age=3600",
        );
        res.setHeader("Content-Security-Policy", siteAssetPolicy);
      },
    }),
  );

  router.use((req, res) => {
    const notFoundPage = notFoundPageFor(req.path);
    if (notFoundPage && (req.method === "GET" || req.method === "HEAD")) {
      sendPage(req, res, notFoundPage, 404);
      return;
    }
    res.status(404).type("text/plain").send("Not found.\n");
  });
  return router;
}
