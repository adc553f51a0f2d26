#!/usr/bin/env node
// Runs after the build and the prerender (see package.json "build"): writes sitemap.xml, robots.txt,
// site.webmanifest and the service worker (sw.js, scripts/service-worker.mjs) into build/client (the icons come from public/, copied by Vite), from the same
// route list and site URL the pages use (VITE_SITE_URL, else the firm's published URL — as
// app/config/env.ts reads it).
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { blogPaths, blogSubpagePaths } from "@site/shared/blog";
import { blogPostBodies, blogPosts } from "@site/shared/blog/posts";
import {
  articleCategories,
  articlesInCategory,
  expertById,
  firm,
  routeById,
  routePaths,
  thoughtLeadershipPaths,
} from "@site/shared/content";
import { localePath, locales, trimTrailingSlashes } from "@site/shared/i18n";
import { writeSearchIndex } from "./search-index.mjs";
import { writeServiceWorker } from "./service-worker.mjs";
import { blogFeedXml, robotsTxt, sitemapXml, webManifest } from "./site-files.mjs";

const out = fileURLToPath(new URL("../build/client/", import.meta.url));
const siteUrl = trimTrailingSlashes(process.env.VITE_SITE_URL?.trim() || firm.siteUrl);

// The blog's pages, but not a category page without posts (it says "noindex").
const hasPosts = (path) => blogPosts.some((post) => blogPaths.category(post.category) === path);
const blogSitemapPaths = blogSubpagePaths(blogPosts).filter(
  (path) => !path.startsWith("/blog/category/") || hasPosts(path),
);

// Thought Leadership's filtered views, those with articles (an empty one says "noindex").
const articleSitemapPaths = articleCategories
  .filter((category) => articlesInCategory(category).length > 0)
  .map((category) => thoughtLeadershipPaths.category(category));

const files = {
  "sitemap.xml": sitemapXml(
    siteUrl,
    [...routePaths, ...blogSitemapPaths, ...articleSitemapPaths],
    locales.map((locale) => ({ hreflang: locale, path: (path) => localePath(locale, path) })),
  ),
  "blog/feed.xml": blogFeedXml({
    siteUrl,
    title: `${firm.name} blog`,
    description: routeById("blog").description,
    authorName: (id) => expertById(id)?.name ?? id,
    posts: blogPosts,
    bodies: blogPostBodies,
    postPath: blogPaths.post,
    feedPath: blogPaths.feed,
    blogPath: blogPaths.index,
  }),
  "robots.txt": robotsTxt(siteUrl),
  "site.webmanifest": webManifest({
    name: firm.legalName,
    shortName: firm.name,
    description: firm.summary,
    themeColor: "#0b4f4a",
    backgroundColor: "#fbf8f2",
  }),
};

mkdirSync(out, { recursive: true });
for (const [name, content] of Object.entries(files)) {
  mkdirSync(dirname(join(out, name)), { recursive: true });
  writeFileSync(join(out, name), content);
}

// The site search's documents, one file per language, read from the prerendered pages.
const searchStarted = performance.now();
const search = writeSearchIndex(out);
console.log(
  `postbuild: search documents ${Object.entries(search)
    .map(
      ([locale, { documents, bytes }]) =>
        `${locale} ${documents} (${(bytes / 1024).toFixed(1)} kB)`,
    )
    .join(", ")} in ${((performance.now() - searchStarted) / 1000).toFixed(1)} s`,
);

// The service worker with its precache list: the offline page and the shell it loads.
const precache = await writeServiceWorker({
  client: out,
  source: fileURLToPath(new URL("../build/sw/sw.js", import.meta.url)),
});
console.log(
  `postbuild: sw.js precaches ${precache.count} files, ${(precache.size / 1024).toFixed(1)} kB before compression`,
);

// Fingerprinted scripts and styles, and the pages, are compressed once, here, at the strongest settings
// (brotli 11 is ~13% smaller than gzip 9 and far too slow to run per request); the API serves the variant
// the browser accepts (a page it changes per request, a post with its comments, it compresses itself).
/** @param {string} file */
const precompress = (file) => {
  const source = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
};
const assetsDir = join(out, "assets");
const compressible = readdirSync(assetsDir).filter((name) => /\.(?:js|css|svg)$/.test(name));
for (const name of compressible) precompress(join(assetsDir, name));
const pageFiles = readdirSync(out, { recursive: true, encoding: "utf8" }).filter((name) =>
  name.endsWith(".html"),
);
for (const name of pageFiles) precompress(join(out, name));
console.log(
  `postbuild: precompressed ${compressible.length} assets and ${pageFiles.length} pages (br, gz)`,
);
console.log(`postbuild: wrote ${Object.keys(files).join(", ")} for ${siteUrl}`);
