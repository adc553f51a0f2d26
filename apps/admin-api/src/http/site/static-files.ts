import { basename, dirname, join, resolve } from "node:path";
import expressStaticGzip from "express-static-gzip";
import express, { Router, type RequestHandler } from "express";
import { serviceWorkerFile } from "@site/shared/service-worker";
import { documentOnlyHeaders, siteAssetPolicy } from "./policy.js";

/** Hashed build output never changes under one name: cache it for a year. */
const immutable = "public, max-age=31536000, immutable";

/**
 * The build's files that are not pages, and how long browsers keep them: `/assets/*` (fingerprinted)
 * precompressed and immutable for a year, the service worker always revalidated, anything else for an
 * hour. A path that is no file falls through.
 */
export function staticFiles(dir: string): RequestHandler {
  const router = Router();
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
  return router;
}
