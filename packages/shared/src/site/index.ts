import { z } from "zod";

/**
 * What the web build tells the server about its pages: for each prerendered HTML file (its path under
 * the build's client folder, `about/index.html`), the sha256 hashes of its inline scripts, in the form
 * a Content-Security-Policy names them (`sha256-<base64>`). apps/web/scripts/prerender.mjs writes it
 * beside the pages as it writes their scripts; the API reads it at start to build each page's CSP.
 */
export const siteManifestSchema = z.object({
  pages: z.record(
    z.string().regex(/^[^/].*\.html$/, "a page is an .html file under the build's client folder"),
    z.object({
      inlineScriptHashes: z.array(z.string().regex(/^sha256-[A-Za-z0-9+/]{43}=$/)),
    }),
  ),
});

export type SiteManifest = z.infer<typeof siteManifestSchema>;

/** The manifest's name in the build's client folder. A dotfile: the API's static server never sends it. */
export const siteManifestFile = ".site-manifest.json";
