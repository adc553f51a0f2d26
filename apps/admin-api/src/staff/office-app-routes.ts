import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import express, { type Router } from "express";

/**
 * The office app (apps/office/dist) at /admin: never indexed, never cached but for its fingerprinted
 * assets, and under a strict CSP (scripts and styles from this origin only, no 'unsafe-inline').
 * Every path under /admin that is not a file is the app's page (its router decides). Without a build the
 * office answers 404 saying so, rather than a page that cannot work.
 */
export function officeAppRoutes({
  dir,
  connectSources = [],
  frameSources = [],
}: {
  /** OFFICE_DIR; undefined: no office app served. */
  dir: string | undefined;
  /** Origins the app's script may call besides this one (Firebase Authentication's, in firebase mode). */
  connectSources?: readonly string[];
  /** Origins the app may frame (Firebase's sign-in helper page, in firebase mode). */
  frameSources?: readonly string[];
}): Router {
  const router = express.Router();
  const policy = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectSources].join(" ")}`,
    ...(frameSources.length > 0 ? [`frame-src ${frameSources.join(" ")}`] : []),
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  router.use((_req, res, next) => {
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    res.setHeader("Content-Security-Policy", policy);
    next();
  });

  const root = dir === undefined ? undefined : resolve(dir);
  const index = root === undefined ? undefined : join(root, "index.html");
  if (root === undefined || index === undefined || !existsSync(index)) {
    router.use((_req, res) => {
      res
        .status(404)
        .set("Cache-Control", "no-store")
        .type("text/plain; charset=utf-8")
        .send(
          "The office app is not built on this server (apps/office/dist). Build it, or set OFFICE_DIR.\n",
        );
    });
    return router;
  }

  router.use(
    "/assets",
    express.static(join(root, "assets"), {
      index: false,
      immutable: true,
      maxAge: "365d",
    }),
    (_req: express.Request, res: express.Response) => {
      res
        .status(404)
        .set("Cache-Control", "no-store")
        .type("text/plain; charset=utf-8")
        .send("Not found.\n");
    },
  );
  router.use(
    express.static(root, {
      index: false,
      redirect: false,
      setHeaders: (res, path) =>
        res.setHeader("Cache-Control", path.endsWith(".html") ? "no-store" : "no-cache"),
    }),
  );
  // The app's page for every other path: its router shows the screen (or its own not-found).
  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      next();
      return;
    }
    res.set("Cache-Control", "no-store").sendFile(index);
  });
  return router;
}
