// Pages as the build compressed them (apps/web's postbuild writes index.html.br and .gz beside each
// page): sent as they are to a browser that accepts them, each encoding with its own validator; a stale
// variant (a page rebuilt without its compression) is never sent.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp } from "../helpers/app.js";

const fixture = fileURLToPath(new URL("../fixtures/site", import.meta.url));

/** The raw bytes of an answer, not decoded by superagent. */
const raw = (req: request.Test) =>
  req.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on("data", (chunk: Buffer) => chunks.push(chunk));
    response.on("end", () => done(null, Buffer.concat(chunks)));
  });

describe("pages the build compressed", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let siteDir: string;
  const home = () => readFileSync(join(siteDir, "index.html"));
  beforeAll(async () => {
    siteDir = mkdtempSync(join(tmpdir(), "site-encoding-"));
    cpSync(fixture, siteDir, { recursive: true });
    writeFileSync(join(siteDir, "index.html.br"), brotliCompressSync(home()));
    writeFileSync(join(siteDir, "index.html.gz"), gzipSync(home()));
    // About's variants hold another text: a build that rewrote the page but not its compression.
    writeFileSync(join(siteDir, "about/index.html.br"), brotliCompressSync("<p>stale</p>"));
    t = await makeTestApp({ siteDir });
  });
  afterAll(async () => {
    await t.cleanup();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it.each([
    ["gzip, deflate, br", "br", ".br"],
    ["gzip", "gzip", ".gz"],
    ["br;q=0, gzip", "gzip", ".gz"],
  ] as const)(
    "with Accept-Encoding %s sends the build's %s file as it is",
    async (accept, encoding, suffix) => {
      const res = await raw(request(t.app).get("/").set("Accept-Encoding", accept));
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["vary"]).toMatch(/Accept-Encoding/i);
      expect(res.headers["content-security-policy"]).toContain("script-src");
      expect(Number(res.headers["content-length"])).toBe(
        readFileSync(join(siteDir, `index.html${suffix}`)).length,
      );
      // superagent decoded it: the page as built.
      expect(res.body).toEqual(home());
    },
  );

  it("gives each encoding its own ETag, and answers a revalidation of it with 304", async () => {
    const br = await request(t.app).get("/").set("Accept-Encoding", "br");
    const plain = await request(t.app).get("/").set("Accept-Encoding", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.text).toBe(home().toString("utf8"));
    expect(br.headers["etag"]).not.toBe(plain.headers["etag"]);
    const again = await request(t.app)
      .get("/")
      .set("Accept-Encoding", "br")
      .set("If-None-Match", String(br.headers["etag"]));
    expect(again.status).toBe(304);
    // The other encoding's validator does not match this one.
    const other = await request(t.app)
      .get("/")
      .set("Accept-Encoding", "br")
      .set("If-None-Match", String(plain.headers["etag"]));
    expect(other.status).toBe(200);
  });

  it("never sends a variant that does not hold the page: it compresses the page itself", async () => {
    const res = await request(t.app).get("/about").set("Accept-Encoding", "br");
    expect(res.status).toBe(200);
    expect(res.text).toBe(readFileSync(join(siteDir, "about/index.html"), "utf8"));
    expect(res.text).not.toContain("stale");
  });
});
