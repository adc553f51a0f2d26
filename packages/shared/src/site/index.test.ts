import { describe, expect, it } from "vitest";
import { siteManifestSchema } from "./index.js";

const hash = `sha256-${"A".repeat(43)}=`;

describe("siteManifestSchema", () => {
  it("accepts each page's file with the CSP hashes of its inline scripts", () => {
    const manifest = {
      pages: {
        "index.html": { inlineScriptHashes: [hash] },
        "404/index.html": { inlineScriptHashes: [] },
      },
    };
    expect(siteManifestSchema.parse(manifest)).toEqual(manifest);
  });

  it("refuses a page that is not a relative .html file, and a hash not in CSP's sha256 form", () => {
    for (const pages of [
      { "/index.html": { inlineScriptHashes: [] } },
      { "about/": { inlineScriptHashes: [] } },
      { "index.html": { inlineScriptHashes: ["sha256-short"] } },
      { "index.html": { inlineScriptHashes: [hash.replace("sha256", "sha384")] } },
      { "index.html": {} },
    ])
      expect(siteManifestSchema.safeParse({ pages }).success, JSON.stringify(pages)).toBe(false);
  });
});
