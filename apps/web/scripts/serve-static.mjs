#!/usr/bin/env node
// A tiny static server for looking at the build locally (screenshots, hydration checks) without the
// API: it maps "/about" to about/index.html and answers unknown paths with the 404 page and status 404,
// as the API does. Usage: node scripts/serve-static.mjs [port]   (listens on 127.0.0.1 only)
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { notFoundPath } from "@site/shared/content";

const root = fileURLToPath(new URL("../build/client/", import.meta.url));
const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

function fileFor(pathname) {
  const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, "");
  for (const candidate of [join(root, safe), join(root, safe, "index.html")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not there: try the next candidate
    }
  }
  return undefined;
}

/** Answers one request from build/client (a node:http request listener). */
export function handleStatic(request, response) {
  const { pathname } = new URL(request.url ?? "/", "http://localhost");
  const file = fileFor(pathname);
  const status = file ? 200 : 404;
  const path = file ?? join(root, notFoundPath.slice(1), "index.html");
  response.writeHead(status, {
    "content-type": types[extname(path)] ?? "application/octet-stream",
  });
  createReadStream(path).pipe(response);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.argv[2] ?? 4173);
  createServer(handleStatic).listen(port, "127.0.0.1", () =>
    console.log(`serving ${root} on http://127.0.0.1:${port}`),
  );
}
