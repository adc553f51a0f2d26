// Reads the build output (run `pnpm --filter @site/web build` first; turbo runs the web build before
// these tests) and checks what a crawler or a visitor without JavaScript receives.
import { existsSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  careersContent,
  contactContent,
  firm,
  articleCategories,
  articles,
  articlesInCategory,
  homeContent,
  industriesContent,
  notFoundPath,
  thoughtLeadershipPaths,
  privacyNotice,
  routes,
  type RouteId,
} from "@site/shared/content";
import {
  blogMessages,
  notFoundMessages,
  offlineMessages,
  thoughtLeadershipMessages,
} from "@site/shared/messages";
import { blogPaths } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { offlinePath, serviceWorkerFile } from "@site/shared/service-worker";
import { localePath, locales, trimTrailingSlashes } from "@site/shared/i18n";
import { client, htmlFile, meta, parse, parseHead } from "./built-pages";
import { entryAttributes, entryLoaderScript } from "../app/lib/entry-loader";
import { webManifestPath } from "../app/lib/web-manifest";

const siteUrl = trimTrailingSlashes(process.env.VITE_SITE_URL?.trim() || firm.siteUrl);

const headings: Record<RouteId, string> = {
  home: homeContent.hero.heading,
  about: "About Us",
  experts: "Our Experts",
  services: "Services",
  industries: industriesContent.hero.heading,
  "thought-leadership": thoughtLeadershipMessages.heading,
  blog: blogMessages.heading,
  careers: careersContent.heading,
  contact: contactContent.heading,
  privacy: privacyNotice.heading,
};

const pages = [
  ...routes.map((route) => ({
    path: route.path,
    h1: headings[route.id],
    title: `${route.title} | ${firm.name}`,
    description: route.description,
    canonical: `${siteUrl}${route.path}`,
  })),
  {
    path: notFoundPath,
    h1: notFoundMessages.title,
    title: `${notFoundMessages.title} | ${firm.name}`,
    description: notFoundMessages.text,
    canonical: `${siteUrl}${notFoundPath}`,
  },
  {
    path: offlinePath,
    h1: offlineMessages.title,
    title: `${offlineMessages.title} | ${firm.name}`,
    description: offlineMessages.description,
    canonical: `${siteUrl}${offlinePath}`,
  },
];

beforeAll(() => {
  if (!existsSync(htmlFile("/")))
    throw new Error(`No build in ${client}: run the web build before this test.`);
});

describe.each(pages)("prerendered $path", (page) => {
  it("holds its heading, title, description and canonical URL before any script runs", () => {
    const doc = parse(page.path);
    expect(doc.documentElement.getAttribute("lang")).toBe("en");
    const h1s = [...doc.querySelectorAll("main h1")];
    expect(h1s).toHaveLength(1);
    expect(h1s[0]?.textContent).toBe(page.h1);
    expect(doc.title).toBe(page.title);
    expect(meta(doc, 'meta[name="description"]')).toBe(page.description);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(page.canonical);
    expect(meta(doc, 'meta[name="viewport"]')).toContain("width=device-width");
  });

  it("has Open Graph and Twitter tags, and the firm's JSON-LD on the home page alone", () => {
    const doc = parse(page.path);
    expect(meta(doc, 'meta[property="og:title"]')).toBe(page.title);
    expect(meta(doc, 'meta[property="og:description"]')).toBe(page.description);
    expect(meta(doc, 'meta[property="og:url"]')).toBe(page.canonical);
    expect(meta(doc, 'meta[property="og:type"]')).toBe("website");
    expect(meta(doc, 'meta[property="og:site_name"]')).toBe(firm.name);
    expect(meta(doc, 'meta[property="og:image"]')).toBe(`${siteUrl}/social-card.png`);
    expect(meta(doc, 'meta[name="twitter:card"]')).toBe("summary_large_image");
    const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? "null") as Record<string, unknown>,
    );
    const firmData = jsonLd.filter((data) => data["@id"] === `${siteUrl}/#organization`);
    if (page.path === "/") {
      expect(firmData).toHaveLength(1);
      expect(firmData[0]?.["@type"]).toContain("ProfessionalService");
      expect(firmData[0]?.["name"]).toBe(firm.name);
    } else expect(firmData, page.path).toEqual([]);
  });

  it("has the layout landmarks, unique ids, and a size on every drawing", () => {
    const doc = parse(page.path);
    expect(doc.querySelector('a.skip-link[href="#main"]')).not.toBeNull();
    expect(
      doc.querySelectorAll(
        "body > #root > header, body > #root > main#main, body > #root > footer",
      ),
    ).toHaveLength(3);
    const ids = [...doc.querySelectorAll("[id]")].map((element) => element.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const unsized = [...doc.querySelectorAll("body svg, body img")].filter(
      (element) => !element.getAttribute("width") || !element.getAttribute("height"),
    );
    expect(unsized.map((element) => element.outerHTML.slice(0, 80))).toEqual([]);
  });
});

describe("prerendered content", () => {
  it("puts the FAQ answers into the home page's HTML", () => {
    const doc = parse("/");
    for (const item of homeContent.faq.items) expect(doc.body.textContent).toContain(item.answer);
  });

  it("inlines in one <style> in the head only the rules its own markup uses, and links the whole stylesheets only for later: nothing blocks the first paint", () => {
    for (const page of pages) {
      const doc = parse(page.path);
      const styles = [...doc.querySelectorAll("style")];
      expect(
        styles.map((style) => style.parentElement?.tagName),
        page.path,
      ).toEqual(["HEAD"]);
      // The layout's rules (the header) are there; the rest of the files arrive after the first paint
      // (lib/deferred-styles.ts), or from <noscript> without JavaScript: no link outside it.
      const inline = styles[0]?.textContent ?? "";
      expect(inline, page.path).toContain(".site-header");
      const files = styles[0]?.getAttribute("data-stylesheets")?.split(" ") ?? [];
      expect(files.length, page.path).toBeGreaterThan(0);
      const links = [...doc.querySelectorAll('link[rel="stylesheet"]')];
      expect(
        links.map((link) => link.parentElement?.tagName),
        page.path,
      ).toEqual(files.map(() => "NOSCRIPT"));
      expect(
        links.map((link) => link.getAttribute("href")),
        page.path,
      ).toEqual(files);
      const whole = files
        .map((file) => readFileSync(`${client}${file.slice(1)}`, "utf8"))
        .join("\n");
      expect(inline.length, page.path).toBeLessThan(whole.length * 0.75);
    }
    // A page's own rules are inline, another page's are not; what the server adds later to a page
    // (a post's comments, the results of a search without JavaScript) has its rules inline there.
    const inlineOf = (path: string) => parse(path).querySelector("style")?.textContent ?? "";
    expect(inlineOf("/thought-leadership")).toContain(".tl__grid");
    expect(inlineOf("/")).not.toContain(".tl__grid");
    expect(inlineOf("/search")).toContain(".search-result__snippet");
    expect(inlineOf("/")).not.toContain(".search-result__snippet");
    expect(inlineOf(blogPaths.post(blogPosts[0]?.slug ?? ""))).toContain(".comment__name");
    // The service worker's list of saved pages, on the offline page (offline.spec.ts taps one).
    expect(inlineOf("/offline")).toContain(".offline__pages a");
    expect(inlineOf("/")).not.toContain(".offline__pages");
    // The states a tap turns on before the whole files may have arrived: the open menu, an open
    // accordion item; each only where there is one (the home page's questions, not a post).
    expect(inlineOf("/")).toContain(".burger[aria-expanded=true]");
    expect(inlineOf("/")).toContain(".accordion__item[open]");
    expect(inlineOf(blogPaths.post(blogPosts[0]?.slug ?? ""))).not.toContain("[open]");
  });

  it("writes no attribute nothing reads: the router's data-discover (no router runs in the browser)", () => {
    for (const page of pages)
      expect(parse(page.path).querySelectorAll("[data-discover]"), page.path).toHaveLength(0);
  });

  it("keeps the scripts out of the head; the page starts one small module script after its first paint, and nothing else until an island is wanted", () => {
    for (const page of pages) {
      const doc = parse(page.path);
      expect(
        doc.head.querySelectorAll(
          'script:not([type="application/ld+json"]), link[rel="modulepreload"]',
        ),
      ).toHaveLength(0);
      // No script file in the HTML: the one inline script is the loader, the same text on every page
      // (one CSP hash), after the page's content.
      expect(doc.querySelectorAll("script[src], link[rel=modulepreload]")).toHaveLength(0);
      const scripts = [...doc.querySelectorAll('script:not([type="application/ld+json"])')];
      expect(scripts.map((script) => script.parentElement?.tagName)).toEqual(["BODY"]);
      expect(scripts[0]?.textContent).toBe(entryLoaderScript);
      const entry = scripts[0]?.getAttribute(entryAttributes.script) ?? "";
      expect(entry).toMatch(/^\/assets\/entry\.client-[\w-]+\.js$/);
      const preloads = (scripts[0]?.getAttribute(entryAttributes.preloads) ?? "")
        .split(" ")
        .filter(Boolean);
      for (const href of preloads) expect(href).toMatch(/^\/assets\/[\w.-]+\.js$/);
      // Everything a page runs before a visitor interacts, as it goes over the wire (gzip).
      const gzipBytes = [entry, ...preloads].reduce(
        (sum, href) => sum + readFileSync(`${client}${href.slice(1)}.gz`).length,
        0,
      );
      expect(gzipBytes).toBeLessThanOrEqual(15_000);
      // Each island names the code it loads when wanted; it exists.
      for (const island of doc.querySelectorAll("[data-island]"))
        expect(existsSync(`${client}${(island.getAttribute("data-island") ?? "").slice(1)}`)).toBe(
          true,
        );
    }
  });

  it("keeps every Suspense boundary's content inline, readable without JavaScript", () => {
    for (const page of pages) {
      const html = readFileSync(htmlFile(page.path), "utf8");
      expect(html).not.toContain("<!--$?-->");
      expect(html).not.toMatch(/<div hidden id="S:/);
    }
  });

  it("keeps the 404 page out of search results", () => {
    expect(meta(parse(notFoundPath), 'meta[name="robots"]')).toBe("noindex");
    for (const route of routes)
      expect(parse(route.path).querySelector('meta[name="robots"]')).toBeNull();
  });

  it("gives every page its icons (the SVG one written in) and the web manifest's link for browsers without JavaScript", () => {
    for (const page of pages) {
      const doc = parse(page.path);
      const hrefs = [...doc.querySelectorAll("link[rel]")].map(
        (link) => `${link.getAttribute("rel")} ${link.getAttribute("href")}`,
      );
      expect(hrefs, page.path).toEqual(
        expect.arrayContaining(["icon /favicon.ico", "apple-touch-icon /apple-touch-icon.png"]),
      );
      // The SVG icon is favicon.svg itself, as a data URL: the same picture, no request.
      const svgIcon = doc
        .querySelector('link[rel="icon"][type="image/svg+xml"]')
        ?.getAttribute("href");
      const prefix = "data:image/svg+xml,";
      expect(svgIcon?.startsWith(prefix), page.path).toBe(true);
      // A valid URL: URL code points and percent-escapes only (no space, bracket or bare #).
      expect(svgIcon).toMatch(
        /^[\w!$&'()*+,\-./:;=?@~]*(?:%[0-9A-F]{2}[\w!$&'()*+,\-./:;=?@~]*)*$/,
      );
      expect(decodeURIComponent(svgIcon?.slice(prefix.length) ?? "")).toBe(
        readFileSync(`${client}favicon.svg`, "utf8").trim(),
      );
      // The manifest's link is in <noscript>; the script adds the real one (lib/web-manifest.ts).
      const manifest = doc.querySelectorAll('link[rel="manifest"]');
      expect(manifest.length, page.path).toBe(1);
      expect(manifest[0]?.getAttribute("href")).toBe(webManifestPath);
      expect(manifest[0]?.parentElement?.tagName, page.path).toBe("NOSCRIPT");
      expect(manifest[0]?.parentElement?.parentElement?.tagName, page.path).toBe("HEAD");
      expect(meta(doc, 'meta[name="theme-color"]')).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });

  it("names no file in its inline CSS: the footer's drawings come with the whole stylesheets, which name them", () => {
    const files = new Set<string>();
    for (const page of pages) {
      const doc = parse(page.path);
      const style = doc.querySelector("style")?.textContent ?? "";
      // A file named inline is asked for before the first paint (scripts/prerender.mjs, withoutFileRules).
      expect(style.match(/url\(\s*["']?\/[^)]*\)/g), page.path).toBeNull();
      // No drawing of the footer's written in either: they are files (layout.css, ?no-inline).
      expect(style.match(/\.site-footer(?::before)?\{[^}]*url\(/), page.path).toBeNull();
      for (const link of doc.querySelectorAll('noscript link[rel="stylesheet"]'))
        for (const [, url] of readFileSync(
          `${client}${link.getAttribute("href")?.slice(1)}`,
          "utf8",
        ).matchAll(/url\(["']?(\/[^)"']+)/g))
          if (url) files.add(url);
    }
    // The patterns and the four glyphs, each in the build.
    expect([...files].filter((url) => /\/(?:mudcloth|kente)-/.test(url))).toHaveLength(2);
    for (const network of ["facebook", "x", "linkedin", "instagram"])
      expect(
        [...files].some((url) => url.startsWith(`/assets/${network}-`)),
        network,
      ).toBe(true);
    for (const url of files) expect(existsSync(`${client}${url.slice(1)}`), url).toBe(true);
  });

  it("holds the first paint until the whole page is parsed: one style and layout of it, before the paint", () => {
    for (const page of pages) {
      const doc = parse(page.path);
      const expects = [...doc.querySelectorAll('link[rel="expect"]')];
      expect(expects.length, page.path).toBe(1);
      expect(expects[0]?.getAttribute("blocking")).toBe("render");
      expect(expects[0]?.parentElement?.tagName).toBe("HEAD");
      // The element it waits for is the loader, after the page's whole content (#root).
      const target = doc.getElementById(expects[0]?.getAttribute("href")?.slice(1) ?? "");
      expect(
        [...doc.body.children].map((child) => child.tagName),
        page.path,
      ).toEqual(["DIV", "SCRIPT", "NOSCRIPT"]);
      expect(doc.body.children[1]).toBe(target);
      expect(target?.hasAttribute(entryAttributes.script), page.path).toBe(true);
    }
  });
});

describe("files beside the pages", () => {
  const read = (name: string) => readFileSync(`${client}${name}`);

  it("sitemap.xml lists every page by absolute URL and not the 404 page", () => {
    const xml = read("sitemap.xml").toString();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    // The blog's posts and categories follow (test/prerender-blog.test.ts checks them), and the
    // Thought Leadership filter's views (below).
    expect(
      locs.filter(
        (loc) =>
          !/^\/(?:(?:fr|sw)\/)?(?:blog|thought-leadership)\//.test(
            loc?.slice(siteUrl.length) ?? "",
          ),
      ),
    ).toEqual(
      routes.flatMap((route) =>
        locales.map((locale) => `${siteUrl}${localePath(locale, route.path)}`),
      ),
    );
  });

  it("sitemap.xml lists each page's three languages and x-default as alternates, the same as its head", () => {
    const xml = read("sitemap.xml").toString();
    const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>([\s\S]*?)<\/url>/g)];
    expect(entries.length).toBeGreaterThan(routes.length * 3 - 1);
    for (const [, loc, body] of entries) {
      const inSitemap = [...(body ?? "").matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(
        ([, lang, href]) => `${lang} ${href}`,
      );
      expect(inSitemap, loc).toHaveLength(4);
      const path = (loc ?? "").slice(siteUrl.length) || "/";
      const doc = parseHead(path === "/" ? "/" : path);
      const inHead = [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map(
        (link) => `${link.getAttribute("hreflang")} ${link.getAttribute("href")}`,
      );
      expect(inHead, loc).toEqual(inSitemap);
    }
  });

  it("the offline page is out of search results and the sitemap", () => {
    expect(meta(parse(offlinePath), 'meta[name="robots"]')).toBe("noindex");
    expect(read("sitemap.xml").toString()).not.toContain(offlinePath);
  });

  it("sw.js precaches the offline page in each language and exactly the files they load (what their stylesheets name included), each of which exists, and no other page", () => {
    const worker = read(serviceWorkerFile).toString();
    expect(worker).not.toContain("self.__WB_MANIFEST");
    const list = /\[\{"revision":[^\]]*\]/.exec(worker)?.[0];
    const entries = JSON.parse(list ?? "[]") as { url: string; revision: string | null }[];
    const urls = entries.map((entry) => entry.url);
    const doc = parse(offlinePath);
    const loaded = [
      ...[...doc.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
        link.getAttribute("href"),
      ),
      doc.querySelector(`script[${entryAttributes.script}]`)?.getAttribute(entryAttributes.script),
      ...(
        doc
          .querySelector(`script[${entryAttributes.script}]`)
          ?.getAttribute(entryAttributes.preloads) ?? ""
      )
        .split(" ")
        .filter(Boolean),
    ];
    // And what its stylesheets name: the footer's patterns and glyphs.
    for (const sheet of loaded.filter((url) => url?.endsWith(".css")))
      for (const [, url] of read(sheet?.slice(1) ?? "")
        .toString()
        .matchAll(/url\((\/[^)]+)\)/g))
        loaded.push(url);
    const offlinePages = locales.map((locale) => localePath(locale, offlinePath));
    expect(urls.sort()).toEqual([...offlinePages, ...loaded].sort());
    for (const url of urls.filter((url) => !offlinePages.includes(url)))
      expect(existsSync(`${client}${url?.slice(1)}`), url).toBe(true);
    // Fingerprinted files are their own revision; each offline page's changes with its content.
    for (const page of offlinePages)
      expect(entries.find((entry) => entry.url === page)?.revision, page).toMatch(/^[0-9a-f]{32}$/);
    expect(
      entries.filter((entry) => entry.url.startsWith("/assets/")).every((e) => e.revision === null),
    ).toBe(true);
  });

  it("robots.txt allows everything and points at the sitemap", () => {
    const robots = read("robots.txt").toString();
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  });

  it("site.webmanifest names the firm and its icons, which exist", () => {
    const manifest = JSON.parse(read("site.webmanifest").toString());
    expect(manifest.short_name).toBe(firm.name);
    expect(manifest.start_url).toBe("/");
    for (const icon of manifest.icons as { src: string }[])
      expect(existsSync(`${client}${icon.src.slice(1)}`)).toBe(true);
  });

  it("favicon.ico is an icon file holding PNG images at 16, 32 and 48 px; favicon.svg and the PNG icons are real", () => {
    const ico = read("favicon.ico");
    expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const count = ico.readUInt16LE(4);
    expect(count).toBe(3);
    const sizes = Array.from({ length: count }, (_, index) => ico[6 + index * 16]);
    expect(sizes).toEqual([16, 32, 48]);
    const firstOffset = ico.readUInt32LE(6 + 12);
    expect(ico.subarray(firstOffset + 1, firstOffset + 4).toString("ascii")).toBe("PNG");
    expect(read("favicon.svg").toString()).toMatch(/^<svg[^>]+viewBox='0,0,64,64'/);
    for (const png of ["apple-touch-icon.png", "icon-192.png", "icon-512.png", "social-card.png"]) {
      expect(read(png).subarray(1, 4).toString("ascii")).toBe("PNG");
    }
  });
});

describe("the Thought Leadership filter's views", () => {
  it("are each a page holding every card, those of other categories hidden, with its choice current", () => {
    for (const locale of locales)
      for (const category of articleCategories) {
        const path = localePath(locale, thoughtLeadershipPaths.category(category));
        const doc = parse(path);
        const current = [...doc.querySelectorAll('nav [aria-current="page"]')];
        expect(
          current.map((link) => link.getAttribute("href")),
          path,
        ).toEqual([path]);
        const items = [...doc.querySelectorAll("li[data-tl-category]")];
        expect(items, path).toHaveLength(articles.length);
        const shown = items.filter((item) => !item.hasAttribute("hidden"));
        expect(shown, path).toHaveLength(articlesInCategory(category).length);
        for (const item of shown)
          expect(item.getAttribute("data-tl-category")).toBe(category.toLowerCase());
        expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
          `${siteUrl}${path}`,
        );
        // A view without articles is a real page, but nothing to find in search.
        expect(meta(doc, 'meta[name="robots"]') === "noindex", path).toBe(
          articlesInCategory(category).length === 0,
        );
      }
  });

  it("the sitemap lists the views that have articles, in each language, and no empty one", () => {
    const xml = readFileSync(`${client}sitemap.xml`, "utf8");
    for (const category of articleCategories)
      for (const locale of locales)
        expect(
          xml.includes(
            `<loc>${siteUrl}${localePath(locale, thoughtLeadershipPaths.category(category))}</loc>`,
          ),
          category,
        ).toBe(articlesInCategory(category).length > 0);
  });
});

describe("site search in the build", () => {
  const documentsOf = (locale: string) =>
    JSON.parse(readFileSync(`${client}search-index/${locale}.json`, "utf8")) as {
      url: string;
      title: string;
      page: string;
      text: string;
    }[];

  it("writes each language's documents from its own pages: services' and sectors' sections, posts, articles", () => {
    for (const locale of locales) {
      const documents = documentsOf(locale);
      const prefix = locale === "en" ? "" : `/${locale}`;
      const own = documents.filter((doc) => !doc.url.startsWith("https://"));
      expect(
        own.every((doc) => doc.url === (prefix || "/") || doc.url.startsWith(`${prefix}/`)),
        locale,
      ).toBe(true);
      expect(documents.filter((doc) => doc.url.startsWith("https://"))).toHaveLength(
        articles.length,
      );
      expect(own.some((doc) => doc.url.startsWith(`${prefix}/services#`))).toBe(true);
      expect(own.some((doc) => doc.url === `${prefix}/blog/sacco-boards-and-digital-lending`)).toBe(
        true,
      );
      // Filtered views, the results page and the blog's list repeat what is elsewhere: not indexed.
      expect(
        own.some((doc) => /\/category\/|\/search$|\/blog$|\/404$|\/offline$/.test(doc.url)),
      ).toBe(false);
    }
    // A translated post is indexed in its translation.
    expect(
      documentsOf("fr").find(
        (doc) => doc.url === "/fr/blog/what-afcfta-changes-for-east-african-manufacturers",
      )?.text,
    ).toContain("ZLECAf");
  });

  it("prerenders the results page in each language with its box and the slot the API fills, outside the sitemap", () => {
    for (const locale of locales) {
      const doc = parse(localePath(locale, "/search"));
      const box = doc.querySelector('main input[type="search"][data-search-query]');
      expect(box?.getAttribute("value"), locale).toBe("");
      expect(box?.closest("form")?.getAttribute("action")).toBe(localePath(locale, "/search"));
      expect(doc.querySelector("main [data-search-results] div"), locale).toBeNull();
      // Every page's header has the box, a plain form to the language's results page.
      const header = parse(localePath(locale, "/about")).querySelector("header form[role=search]");
      expect(header?.getAttribute("action")).toBe(localePath(locale, "/search"));
      expect(header?.getAttribute("data-search")).toBe(`/search-index/${locale}.json`);
    }
    expect(readFileSync(`${client}sitemap.xml`, "utf8")).not.toContain("/search<");
  });
});
