// The files beside the prerendered pages: sitemap, robots and web manifest (the icons are committed in
// public/, see brand-images.mjs). Pure functions from plain inputs; postbuild.mjs writes their results
// into build/client.
// The shared escaper's five entities (&amp; &lt; &gt; &quot; &#39;) are all valid XML too.
import { escapeHtml as escapeXml } from "@site/shared/html";
import { Feed } from "feed";

/** Canonical absolute URL of a path: the same rule the pages' canonical links follow. */
export const absoluteUrl = (siteUrl, path) => `${siteUrl}${path === "/" ? "/" : path}`;

/**
 * Every page in every language, each `<url>` listing the page's other languages and the `x-default`
 * (English) as `xhtml:link` alternates: the same set the pages' own `hreflang` links name.
 * `languages` is [{ hreflang, path: (path) => localized path }], English first.
 */
export function sitemapXml(siteUrl, paths, languages = [{ hreflang: "en", path: (path) => path }]) {
  const urls = paths.flatMap((path) => {
    const alternates =
      languages.length > 1
        ? [
            ...languages.map(
              (language) =>
                `    <xhtml:link rel="alternate" hreflang="${language.hreflang}" href="${escapeXml(absoluteUrl(siteUrl, language.path(path)))}"/>`,
            ),
            `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absoluteUrl(siteUrl, path))}"/>`,
          ]
        : [];
    return languages.map((language) =>
      [
        `  <url><loc>${escapeXml(absoluteUrl(siteUrl, language.path(path)))}</loc>`,
        ...alternates,
        "  </url>",
      ].join("\n"),
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
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

/**
 * The blog's Atom feed (the `feed` library writes and escapes the XML): every post, newest first, with
 * its summary and its rendered body. `posts` are the shared build's summaries, `bodies` their HTML by slug.
 */
export function blogFeedXml({
  siteUrl,
  title,
  description,
  authorName,
  posts,
  bodies,
  postPath,
  feedPath,
  blogPath,
}) {
  const newest = posts.reduce((latest, post) => {
    const changed = post.updated ?? post.date;
    return changed > latest ? changed : latest;
  }, "1970-01-01");
  const feed = new Feed({
    id: absoluteUrl(siteUrl, blogPath),
    title,
    description,
    link: absoluteUrl(siteUrl, blogPath),
    language: "en-GB",
    updated: new Date(`${newest}T00:00:00Z`),
    generator: false,
    feedLinks: { atom: absoluteUrl(siteUrl, feedPath) },
    copyright: title,
  });
  for (const post of posts) {
    const link = absoluteUrl(siteUrl, postPath(post.slug));
    feed.addItem({
      id: link,
      title: post.title,
      link,
      date: new Date(`${post.updated ?? post.date}T00:00:00Z`),
      published: new Date(`${post.date}T00:00:00Z`),
      description: post.summary,
      content: bodies[post.slug]?.html,
      author: [{ name: authorName(post.author) }],
      category: [{ name: post.category, term: post.category }],
    });
  }
  return feed.atom1();
}
