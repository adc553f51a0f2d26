import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notFoundPath } from "@site/shared/content";
import { notFoundMessages } from "@site/shared/messages";
import { siteManifestFile } from "@site/shared/site";
import { createSite, documentOnlyHeaders } from "../../src/http/site.js";
import { makeTestApp } from "../helpers/app.js";

const siteDir = fileURLToPath(new URL("../fixtures/site", import.meta.url));

/** The hashes a browser computes: sha256 over each inline script's exact text (found independently here). */
function expectedHashes(file: string): string[] {
  const html = readFileSync(join(siteDir, file), "utf8");
  const hashes: string[] = [];
  let rest = html;
  for (;;) {
    const open = rest.indexOf("<script");
    if (open === -1) break;
    const tagEnd = rest.indexOf(">", open);
    const close = rest.indexOf("</script>", tagEnd);
    const tag = rest.slice(open, tagEnd + 1);
    const text = rest.slice(tagEnd + 1, close);
    if (!tag.includes(" src="))
      hashes.push(`sha256-${createHash("sha256").update(text).digest("base64")}`);
    rest = rest.slice(close + "</script>".length);
  }
  return hashes;
}

function scriptSrc(csp: string | undefined): string {
  return (
    (csp ?? "")
      .split(";")
      .map((directive) => directive.trim())
      .find((d) => d.startsWith("script-src")) ?? ""
  );
}

describe("serving the prerendered site", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    t = await makeTestApp({ siteDir });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("serves / from index.html with a CSP naming its inline scripts' hashes and no 'unsafe-inline' for scripts", async () => {
    const res = await request(t.app).get("/");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.text).toContain("<h1>Home page</h1>");
    const hashes = expectedHashes("index.html");
    expect(hashes).toHaveLength(2);
    const scripts = scriptSrc(res.headers["content-security-policy"]);
    expect(scripts).toBe(`script-src 'self' ${hashes.map((hash) => `'${hash}'`).join(" ")}`);
    expect(scripts).not.toContain("unsafe-inline");
  });

  it("sends the rest of the policy: own origin by default (connections, fonts, workers, the manifest), styles, images, framing, base and forms", async () => {
    const csp = (await request(t.app).get("/")).headers["content-security-policy"] as string;
    expect(csp.split("; ").filter((directive) => !directive.startsWith("script-src "))).toEqual([
      "default-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]);
  });

  it("gives each page its own hashes", async () => {
    const about = await request(t.app).get("/about");
    expect(about.status).toBe(200);
    expect(about.text).toContain("<h1>About page</h1>");
    const aboutHashes = expectedHashes("about/index.html");
    for (const hash of aboutHashes)
      expect(about.headers["content-security-policy"]).toContain(`'${hash}'`);
    const home = await request(t.app).get("/");
    expect(home.headers["content-security-policy"]).not.toBe(
      about.headers["content-security-policy"],
    );
  });

  it("HTML is revalidated on every visit and answers 304 when unchanged", async () => {
    const first = await request(t.app).get("/about");
    expect(first.headers["cache-control"]).toBe("no-cache");
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const second = await request(t.app).get("/about").set("If-None-Match", etag);
    expect(second.status).toBe(304);
  });

  it("redirects the trailing-slash form to the canonical path, keeping the query", async () => {
    const res = await request(t.app).get("/about/?ref=mail");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/about?ref=mail");
  });

  it("answers pathological paths (15,000 slashes and the like) correctly, each at once (times printed)", async () => {
    const slashes = "/".repeat(15_000);
    const cases: [path: string, status: number, location?: string][] = [
      [`/about${slashes}`, 301, "/about"],
      [`/about${slashes}?ref=mail`, 301, "/about?ref=mail"],
      [slashes, 301, "/"],
      // A run of slashes, then something else, then a final slash: the worst case of a /\/+$/ pattern
      // (0.3 to 0.7 s an answer before), and no page.
      [`${slashes}x/`, 404],
      [`/about${slashes}x/`, 404],
      [`/about${slashes}x`, 404],
      [`/${"a/".repeat(7_500)}`, 404],
      [`/${"%2F".repeat(5_000)}`, 404],
      [`/no-such-page${slashes}`, 404],
      [`/fr${slashes}`, 404],
    ];
    const times: string[] = [];
    for (const [path, status, location] of cases) {
      const started = performance.now();
      const res = await request(t.app).get(path);
      times.push(
        `${path.slice(0, 12)}… (${path.length} chars) ${(performance.now() - started).toFixed(1)} ms`,
      );
      expect(res.status, path.slice(0, 40)).toBe(status);
      if (location !== undefined) expect(res.headers.location).toBe(location);
      // The not-found page of the path's language: French under /fr.
      if (status === 404)
        expect(res.text).toContain(
          path.startsWith("/fr/") ? '<html lang="fr">' : notFoundMessages.title,
        );
    }
    console.log(`pathological paths, time to answer:\n  ${times.join("\n  ")}`);
  });

  it("serves a route prerendered as name.html at /name", async () => {
    const res = await request(t.app).get("/services");
    expect(res.status).toBe(200);
    expect(res.text).toContain("Services page");
  });

  it("serves hashed assets as immutable for a year", async () => {
    const res = await request(t.app).get("/assets/entry.client-Ab12Cd34.js");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toMatch(/javascript/);
  });

  it("keeps a script's answer lean: no validators, none of the headers that only govern documents", async () => {
    const res = await request(t.app)
      .get("/assets/entry.client-Ab12Cd34.js")
      .set("Accept-Encoding", "br");
    expect(res.status).toBe(200);
    for (const name of documentOnlyHeaders)
      expect(res.headers[name.toLowerCase()], name).toBeUndefined();
    expect(res.headers["etag"]).toBeUndefined();
    expect(res.headers["last-modified"]).toBeUndefined();
    // What protects a script stays.
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    // Pages still carry those that mean something on a public page (the next test).
    const page = await request(t.app).get("/");
    for (const name of [
      "Content-Security-Policy",
      "Origin-Agent-Cluster",
      "Referrer-Policy",
      "Strict-Transport-Security",
    ])
      expect(page.headers[name.toLowerCase()], name).toBeDefined();
    // And a page goes without the resource policy (it holds nothing another site could not fetch
    // itself) and without the request's id (which its log line keeps).
    expect(page.headers["cross-origin-resource-policy"]).toBeUndefined();
    expect(page.headers["x-request-id"]).toBeUndefined();
  });

  it("sends the public pages without Cross-Origin-Opener-Policy or the headers of old browsers, framed by no one; the API's own pages and answers keep them", async () => {
    const dropped = [
      "x-request-id",
      "cross-origin-resource-policy",
      "cross-origin-opener-policy",
      "x-frame-options",
      "x-xss-protection",
      "x-download-options",
      "x-permitted-cross-domain-policies",
      "x-dns-prefetch-control",
    ];
    for (const path of ["/", "/about", "/no-such-page"]) {
      const page = await request(t.app).get(path);
      expect(page.headers["content-type"], path).toBe("text/html; charset=utf-8");
      for (const name of dropped) expect(page.headers[name], `${path} ${name}`).toBeUndefined();
      // What X-Frame-Options said, and more: no site may frame a page.
      expect(page.headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    }
    // A page that acts on someone's token, and a JSON answer, keep them.
    const unsubscribe = await request(t.app).get("/api/unsubscribe?token=not-a-token");
    expect(unsubscribe.headers["content-type"]).toMatch(/^text\/html/);
    const health = await request(t.app).get("/api/health");
    for (const answer of [unsubscribe, health]) {
      expect(answer.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(answer.headers["x-request-id"]).toMatch(/^[\w-]{36}$/);
      expect(answer.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(answer.headers["x-xss-protection"]).toBe("0");
    }
  });

  it.each([
    ["br, gzip", "br", ".br"],
    ["gzip", "gzip", ".gz"],
  ] as const)(
    "with Accept-Encoding %s serves the build's precompressed %s asset",
    async (accept, encoding, extension) => {
      const res = await request(t.app)
        .get("/assets/entry.client-Ab12Cd34.js")
        .set("Accept-Encoding", accept)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toMatch(/javascript/);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["vary"]).toMatch(/Accept-Encoding/i);
      const asset = new URL("../fixtures/site/assets/entry.client-Ab12Cd34.js", import.meta.url);
      // The file from the build, byte for byte, not a compression made per request.
      expect(Number(res.headers["content-length"])).toBe(
        statSync(new URL(`${asset.href}${extension}`)).size,
      );
      const original = readFileSync(asset);
      // superagent decodes the body by its Content-Encoding: what arrives is the original file.
      expect(res.body).toEqual(original);
    },
  );

  it("serves other files with a short cache", async () => {
    const res = await request(t.app).get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.text).toContain("User-agent");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("serves the service worker to be revalidated on every check, so a new release takes over at the next navigation", async () => {
    const res = await request(t.app).get("/sw.js");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.text).toContain("addEventListener");
    // Unchanged since the last check: a few hundred bytes, not the script again.
    const again = await request(t.app)
      .get("/sw.js")
      .set("If-None-Match", res.headers.etag as string);
    expect(again.status).toBe(304);
  });

  it.each([
    "/no-such-page",
    "/about/team",
    "/assets/missing.js",
    "/..%2f..%2fetc/passwd",
    notFoundPath,
  ])("answers %s with the prerendered 404 page and status 404", async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(404);
    expect(res.text).toContain(notFoundMessages.title);
    for (const hash of expectedHashes("404/index.html")) {
      expect(res.headers["content-security-policy"]).toContain(`'${hash}'`);
    }
  });

  it("compresses pages for clients that accept it", async () => {
    const res = await request(t.app).get("/").set("Accept-Encoding", "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.text).toContain("<h1>Home page</h1>");
  });

  it("keeps /api paths JSON", async () => {
    const res = await request(t.app).get("/api/unknown");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/json/);
  });
});

describe("without a site build", () => {
  it("still runs: / answers a short plain message and the API works", async () => {
    const t = await makeTestApp({ siteDir: join(siteDir, "does-not-exist") });
    try {
      const home = await request(t.app).get("/");
      expect(home.status).toBe(200);
      expect(home.headers["content-type"]).toMatch(/text\/plain/);
      expect(home.text).toContain("API is running");
      expect((await request(t.app).get("/about")).status).toBe(404);
      expect((await request(t.app).get("/api/health")).status).toBe(200);
    } finally {
      await t.cleanup();
    }
  });
});

describe("the build's manifest of inline script hashes", () => {
  /** A copy of the fixture build, changed by `change`, removed afterwards. */
  function withBuild(change: (dir: string) => void, use: (dir: string) => Promise<void> | void) {
    const dir = join(mkdtempSync(join(tmpdir(), "admin-api-site-")), "client");
    cpSync(siteDir, dir, { recursive: true });
    change(dir);
    return Promise.resolve(use(dir)).finally(() =>
      rmSync(dirname(dir), { recursive: true, force: true }),
    );
  }

  it("the fixture build's manifest lists every page with the hashes a browser computes", () => {
    const manifest = JSON.parse(readFileSync(join(siteDir, siteManifestFile), "utf8")) as {
      pages: Record<string, { inlineScriptHashes: string[] }>;
    };
    for (const file of ["index.html", "about/index.html", "services.html", "404/index.html"])
      expect(manifest.pages[file]?.inlineScriptHashes, file).toEqual(expectedHashes(file));
  });

  it("is never served", async () => {
    const t = await makeTestApp({ siteDir });
    try {
      const res = await request(t.app).get(`/${siteManifestFile}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("inlineScriptHashes");
    } finally {
      await t.cleanup();
    }
  });

  it("a build without it serves no page: / says to build again, and the API works", () =>
    withBuild(
      (dir) => rmSync(join(dir, siteManifestFile)),
      async (dir) => {
        const t = await makeTestApp({ siteDir: dir });
        try {
          const home = await request(t.app).get("/");
          expect(home.status).toBe(200);
          expect(home.headers["content-type"]).toMatch(/text\/plain/);
          expect(home.text).toContain(`has no ${siteManifestFile}`);
          expect((await request(t.app).get("/about")).status).toBe(404);
          expect((await request(t.app).get("/api/health")).status).toBe(200);
        } finally {
          await t.cleanup();
        }
      },
    ));

  it("a page the manifest does not list, or a manifest that does not parse, stops the start with the file named", () =>
    withBuild(
      (dir) => writeFileSync(join(dir, "extra.html"), "<script>x()</script>"),
      (dir) => {
        expect(() => createSite({ dir })).toThrow(
          `extra.html is not in ${join(dir, siteManifestFile)}`,
        );
        writeFileSync(join(dir, siteManifestFile), JSON.stringify({ pages: { "index.html": {} } }));
        expect(() => createSite({ dir })).toThrow(
          `${join(dir, siteManifestFile)} is not a site manifest`,
        );
      },
    ));
});
