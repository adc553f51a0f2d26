import { existsSync, statSync } from "node:fs";
import { Router, type RequestHandler } from "express";
import type { Logger } from "pino";
import { notFoundPath } from "@site/shared/content";
import { localePath, locales, splitLocalePath } from "@site/shared/i18n";
import { siteManifestFile } from "@site/shared/site";
import { loadPages, readManifest, sendPage, type Page } from "./site/pages.js";
import { sendPostPage, warmPostPages, type SiteComments } from "./site/post-page.js";
import { blogCategoryRedirect, trailingSlashRedirect } from "./site/redirects.js";
import { staticFiles } from "./site/static-files.js";

// One file a purpose, under site/: policy.ts (CSP and document-only headers), pages.ts (the build's
// pages, read once), comment-slot.ts and post-page.ts (a post's comments filled in; brotli-end.ts its
// compression), redirects.ts,
// static-files.ts (assets and their caching). This file puts them in order.
export {
  asPublicPage,
  contentSecurityPolicy,
  documentOnlyHeaders,
  siteAssetPolicy,
  publicSiteHeaders,
} from "./site/policy.js";
export type { SiteComments } from "./site/post-page.js";

export interface SiteOptions {
  /** The web build's client folder (apps/web/build/client). */
  dir: string;
  /** Fills post pages' comment threads and form start times; omitted, post pages are served as built. */
  comments?: SiteComments | undefined;
  /**
   * Compress every post page for its thread as the site starts (post-page.ts, warmPostPages), logging
   * to this logger; omitted (tests), each post is compressed at its first visit.
   */
  warmPostsWith?: Logger | undefined;
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
export function createSite({ dir, comments, warmPostsWith }: SiteOptions): RequestHandler {
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
  if (comments && warmPostsWith) {
    // A page is indexed under each path that serves it (/blog/x and /blog/x/index.html): each once.
    const slots = new Set([...pages.values()].flatMap((page) => page.comments ?? []));
    void warmPostPages(slots, comments, warmPostsWith);
    comments.onThreadChange?.((post) => {
      const changed = [...slots].filter((slot) => slot.post === post);
      void warmPostPages(
        changed,
        comments,
        warmPostsWith,
        "post pages compressed for a new thread",
      );
    });
  }

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
    if (trailingSlashRedirect(req, res, (path) => pages.has(path))) return;
    next();
  });

  router.use(staticFiles(dir));

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
