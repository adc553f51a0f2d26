import type { Request, Response } from "express";
import { blogCategoryFromSlug, blogPaths } from "@site/shared/blog";
import { localePath, splitLocalePath, trimTrailingSlashes } from "@site/shared/i18n";

// The site's redirects: a page's one canonical URL, and the blog's category filter kept in a query.

/**
 * `/blog?category=banking` (a filter choice kept in the query, as links and bookmarks may carry it): the
 * same view as the prerendered `/blog/category/banking`, so a permanent redirect there; an unknown
 * category falls back to all posts (a temporary redirect: the category may exist one day).
 */
export function blogCategoryRedirect(req: Request, res: Response): boolean {
  const { locale, path } = splitLocalePath(req.path);
  if (path !== blogPaths.index || req.query["category"] === undefined) return false;
  const value = req.query["category"];
  const category =
    typeof value === "string" ? blogCategoryFromSlug(value.trim().toLowerCase()) : undefined;
  if (category) res.redirect(301, localePath(locale, blogPaths.category(category)));
  else res.redirect(302, localePath(locale, blogPaths.index));
  return true;
}

/**
 * One canonical URL per page: `/about/` → `/about` (301), keeping the query string, when `isPage` says
 * the path without its trailing slashes is a page. False when the request is not redirected.
 */
export function trailingSlashRedirect(
  req: Request,
  res: Response,
  isPage: (path: string) => boolean,
): boolean {
  if (req.path.length <= 1 || !req.path.endsWith("/")) return false;
  // A linear trim: a pattern like /\/+$/ takes quadratic time on a path of thousands of slashes.
  const canonical = trimTrailingSlashes(req.path) || "/";
  if (!isPage(canonical)) return false;
  const queryStart = req.originalUrl.indexOf("?");
  const search = queryStart === -1 ? "" : req.originalUrl.slice(queryStart);
  res.redirect(301, canonical + search);
  return true;
}
