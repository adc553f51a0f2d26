// The files beside the prerendered pages: sitemap, robots and web manifest (the icons are committed in
// public/, see brand-images.mjs). Pure functions from plain inputs; postbuild.mjs writes their results
// into build/client.
// escape-html's five entities (&amp; &lt; &gt; &quot; &#39;) are all valid XML too.
import escapeXml from "escape-html";

/** Canonical absolute URL of a path: the same rule the pages' canonical links follow. */
export const absoluteUrl = (siteUrl, path) => `${siteUrl}${path === "/" ? "/" : path}`;

export function sitemapXml(siteUrl, paths) {
  const urls = paths
    .map((path) => `  <url><loc>${escapeXml(absoluteUrl(siteUrl, path))}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl) {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

export function webManifest({ name, shortName, description, themeColor, backgroundColor }) {
  return `${JSON.stringify(
    {
      name,
      short_name: shortName,
      description,
      lang: "en",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: themeColor,
      background_color: backgroundColor,
      icons: [
        { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
        { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
        { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
      ],
    },
    null,
    2,
  )}\n`;
}
