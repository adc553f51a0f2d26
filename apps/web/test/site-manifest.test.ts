import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { siteManifestFile, siteManifestSchema } from "@site/shared/site";

// Reads the build (run `pnpm --filter @site/web build` first), as prerender.test.ts does.
const client = join(dirname(fileURLToPath(import.meta.url)), "..", "build", "client");

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? htmlFiles(join(dir, entry.name))
      : entry.name.endsWith(".html")
        ? [join(dir, entry.name)]
        : [],
  );
}

/**
 * What a browser hashes: the exact text of each inline script it would run (found here without the
 * build's code). A data block (`type="application/ld+json"`) is not run, so CSP does not apply to it.
 */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  let rest = html;
  for (let open = rest.indexOf("<script"); open !== -1; open = rest.indexOf("<script")) {
    const tagEnd = rest.indexOf(">", open);
    const close = rest.indexOf("</script>", tagEnd);
    const tag = rest.slice(open, tagEnd);
    if (!tag.includes(" src=") && !tag.includes('type="application/ld+json"'))
      hashes.add(
        `sha256-${createHash("sha256")
          .update(rest.slice(tagEnd + 1, close))
          .digest("base64")}`,
      );
    rest = rest.slice(close + "</script>".length);
  }
  return [...hashes];
}

describe(`the build's ${siteManifestFile}`, () => {
  const manifest = siteManifestSchema.parse(
    JSON.parse(readFileSync(join(client, siteManifestFile), "utf8")),
  );

  it("lists every prerendered page, and nothing else", () => {
    const files = htmlFiles(client).map((file) => relative(client, file).split(sep).join("/"));
    expect(Object.keys(manifest.pages).sort()).toEqual(files.sort());
    expect(files).toContain("index.html");
    expect(files).toContain("404/index.html");
  });

  it("names exactly the inline scripts each page runs, by the hash a browser computes, and no data block", () => {
    for (const [file, page] of Object.entries(manifest.pages)) {
      const expected = inlineScriptHashes(readFileSync(join(client, file), "utf8"));
      expect(expected.length, file).toBeGreaterThan(0);
      expect(page.inlineScriptHashes, file).toEqual(expected);
    }
  });
});
