import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Request, Response } from "express";
import { siteManifestFile, siteManifestSchema, type SiteManifest } from "@site/shared/site";
import { commentSlotOf, type CommentSlot } from "./comment-slot.js";
import { asPublicPage, contentSecurityPolicy } from "./policy.js";

// The build's HTML pages: read once at start-up, each with its CSP and ETag, and how one is sent.

export interface Page {
  body: Buffer;
  /**
   * The build's own compression of `body` (brotli 11 and gzip 9, next to the file: apps/web's
   * postbuild), sent as it is to a browser that accepts it: far smaller than the per-request
   * compression can afford to make, and no CPU per request. Absent for a variant the build did not write.
   */
  encoded: Partial<Record<PageEncoding, Buffer>>;
  csp: string;
  etag: string;
  /** A blog post's page: where its comment thread and its form's start time go (comment-slot.ts; post-page.ts fills it). */
  comments?: CommentSlot;
}

type PageEncoding = "br" | "gzip";
const encodings: readonly {
  name: PageEncoding;
  suffix: string;
  decode: (data: Buffer) => Buffer;
}[] = [
  { name: "br", suffix: ".br", decode: brotliDecompressSync },
  { name: "gzip", suffix: ".gz", decode: gunzipSync },
];

/** The variants of `file` the build compressed, each checked to hold exactly `body` (a stale one is left out). */
function encodedVariants(file: string, body: Buffer): Page["encoded"] {
  const encoded: Page["encoded"] = {};
  for (const { name, suffix, decode } of encodings) {
    if (!existsSync(file + suffix)) continue;
    const data = readFileSync(file + suffix);
    if (decode(data).equals(body)) encoded[name] = data;
  }
  return encoded;
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
export function readManifest(dir: string): SiteManifest | undefined {
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
export function loadPages(dir: string, manifest: SiteManifest): Map<string, Page> {
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
      encoded: encodedVariants(file, body),
      csp: contentSecurityPolicy(entry.inlineScriptHashes),
      // 96 bits of the page's hash: a validator for one URL's versions needs no more, and every page's
      // answer carries it (its first flight of TCP counts each byte).
      etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 16)}"`,
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

/**
 * A page as a request fills it in (a post with its comments), instead of the page as built: made only
 * when the browser's copy is not fresh.
 */
export interface FilledPage {
  etag: string;
  body: () => Buffer | string;
  /** The same page in brotli, when there is one ready to send (a post's: post-page.ts). */
  brotli?: (() => Buffer) | undefined;
}

export function sendPage(
  req: Request,
  res: Response,
  page: Page,
  status: number,
  // Absent: the page as built, in the build's compression the browser accepts.
  filled?: FilledPage,
): void {
  // Ours first (brotli is smaller), whatever order the browser lists them in; "q=0" refuses one.
  const encoding = encodings.find(
    ({ name }) =>
      (filled ? name === "br" && filled.brotli : page.encoded[name]) &&
      req.acceptsEncodings(name) === name,
  );
  const etag = filled?.etag ?? page.etag;
  res.status(status);
  asPublicPage(res);
  res.set({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache",
    "Content-Security-Policy": page.csp,
    // Each encoding is its own representation, with its own validator.
    ETag: encoding ? `${etag.slice(0, -1)}-${encoding.name}"` : etag,
    Vary: "Accept-Encoding",
  });
  if (status === 200 && req.fresh) {
    res.status(304).end();
    return;
  }
  const encoded = encoding && (filled ? filled.brotli?.() : page.encoded[encoding.name]);
  if (encoding && encoded) {
    // The compression middleware leaves an answer that names its encoding alone.
    res.set("Content-Encoding", encoding.name).send(encoded);
    return;
  }
  res.send(filled ? filled.body() : page.body);
}
