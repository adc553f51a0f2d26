// Reads the build output, like prerender.test.ts, and checks the blog's pages and files: what a crawler,
// a feed reader or a visitor without JavaScript receives.
import { existsSync, readFileSync } from "node:fs";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { blogPaths } from "@site/shared/blog";
import { blogPostBodies, blogPosts } from "@site/shared/blog/posts";
import { firm } from "@site/shared/content";
import { blogMessages } from "@site/shared/messages";
import { localePath, locales, trimTrailingSlashes } from "@site/shared/i18n";
import { client, htmlFile, meta, parse, parseHtml } from "./built-pages";

const siteUrl = trimTrailingSlashes(process.env.VITE_SITE_URL?.trim() || firm.siteUrl);
const read = (name: string) => readFileSync(`${client}${name}`);

/** The blog's category pages: one with posts, one without; a title naming the category. */
const categoryPages = ["banking", "education"].map((slug) => ({
  path: `/blog/category/${slug}`,
  title: `${slug.charAt(0).toUpperCase()}${slug.slice(1)} | ${blogMessages.heading} | ${firm.name}`,
}));

beforeAll(() => {
  if (!existsSync(htmlFile(blogPaths.index)))
    throw new Error(`No blog build in ${client}: run the web build before this test.`);
});

describe.each(blogPosts)("prerendered post $slug", (post) => {
  it("holds its heading, title, description, canonical URL and article tags before any script runs", () => {
    const doc = parse(blogPaths.post(post.slug));
    const h1s = [...doc.querySelectorAll("main h1")];
    expect(h1s.map((h1) => h1.textContent)).toEqual([post.title]);
    expect(doc.title).toBe(`${post.title} | ${firm.name}`);
    expect(meta(doc, 'meta[name="description"]')).toBe(post.summary);
    const url = `${siteUrl}${blogPaths.post(post.slug)}`;
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(url);
    expect(meta(doc, 'meta[property="og:url"]')).toBe(url);
    expect(meta(doc, 'meta[property="og:type"]')).toBe("article");
    expect(meta(doc, 'meta[name="twitter:card"]')).toBe("summary_large_image");
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
  });

  it("has unique ids and a size on every drawing", () => {
    const doc = parse(blogPaths.post(post.slug));
    const ids = [...doc.querySelectorAll("[id]")].map((element) => element.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const unsized = [...doc.querySelectorAll("body svg")].filter(
      (element) => !element.getAttribute("width") || !element.getAttribute("height"),
    );
    expect(unsized).toHaveLength(0);
  });

  it("ends its body with the comment form's empty start-time field, which the API fills per answer", () => {
    for (const locale of locales) {
      const path = localePath(locale, blogPaths.post(post.slug));
      const html = readFileSync(htmlFile(path), "utf8");
      // Last in the file: what follows the start time goes out as it is, uncompressed (the API's post-page.ts).
      expect(html, path).toMatch(
        /<input type="hidden" form="comment-form" data-form-started="" name="formStarted" value=""\/><\/body><\/html>$/,
      );
      const doc = parse(path);
      const fields = doc.querySelectorAll("[data-form-started]");
      expect(fields, path).toHaveLength(1);
      expect(doc.querySelector("form#comment-form"), path).not.toBeNull();
    }
  });
});

describe("prerendered blog", () => {
  it.each(blogPosts)(
    "$slug has its body, byline, BlogPosting data and the feed link in its HTML",
    (post) => {
      const doc = parse(blogPaths.post(post.slug));
      const body = blogPostBodies[post.slug];
      const article = doc.querySelector("main article");
      // The body as the shared build rendered it, serialised the same way as the page's.
      const rendered = parseHtml(body?.html ?? "");
      expect(article?.querySelector(".post__body")?.innerHTML).toBe(rendered.body.innerHTML);
      expect(article?.querySelector('a[href="/experts#amani-njoroge"]')?.textContent).toBe(
        "Dr. Amani Njoroge",
      );
      expect(article?.querySelector(`time[datetime="${post.date}"]`)).not.toBeNull();
      expect(article?.textContent).toContain(blogMessages.readingTime(post.readingMinutes));
      const data = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
        JSON.parse(script.textContent ?? "null"),
      );
      expect(data.find((item) => item["@type"] === "BlogPosting")).toMatchObject({
        headline: post.title,
        datePublished: post.date,
        url: `${siteUrl}${blogPaths.post(post.slug)}`,
        author: { "@type": "Person", name: "Dr. Amani Njoroge" },
      });
      expect(meta(doc, 'meta[property="article:published_time"]')).toBe(post.date);
      const feed = doc.head.querySelector('link[rel="alternate"][type="application/atom+xml"]');
      expect(feed?.getAttribute("href")).toBe(`${siteUrl}${blogPaths.feed}`);
    },
  );

  it("shows a table of contents on posts with four or more sections, linking to their headings", () => {
    for (const post of blogPosts) {
      const doc = parse(blogPaths.post(post.slug));
      const sections =
        blogPostBodies[post.slug]?.headings.filter((heading) => heading.level === 2) ?? [];
      const toc = [...doc.querySelectorAll("nav.post__toc a")].map((link) =>
        link.getAttribute("href"),
      );
      expect(toc).toEqual(sections.length >= 4 ? sections.map((heading) => `#${heading.id}`) : []);
      for (const href of toc) expect(doc.getElementById(href?.slice(1) ?? "")).not.toBeNull();
    }
  });

  it("lists every post on /blog, newest first, each card one link named by its title", () => {
    const doc = parse(blogPaths.index);
    const links = [...doc.querySelectorAll("main .blog-card a")];
    expect(links.map((link) => link.getAttribute("href"))).toEqual(
      blogPosts.map((post) => blogPaths.post(post.slug)),
    );
    expect(links.map((link) => link.textContent)).toEqual(blogPosts.map((post) => post.title));
  });

  it.each(categoryPages)(
    "prerenders $path with its own title, the filter's current link and its posts",
    (page) => {
      const doc = parse(page.path);
      expect(doc.title).toBe(page.title);
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
        `${siteUrl}${page.path}`,
      );
      expect(doc.querySelector('main nav a[aria-current="page"]')?.getAttribute("href")).toBe(
        page.path,
      );
      const expected = blogPosts.filter(
        (post) => `/blog/category/${post.category.toLowerCase()}` === page.path,
      );
      expect(doc.querySelectorAll("main .blog-card")).toHaveLength(expected.length);
      if (expected.length === 0) {
        expect(doc.querySelector("main")?.textContent).toContain(blogMessages.empty);
        expect(meta(doc, 'meta[name="robots"]')).toBe("noindex");
      }
    },
  );

  it("shows the three newest posts on the home page", () => {
    const doc = parse("/");
    const links = [...doc.querySelectorAll("main .blog-card a")].map((link) =>
      link.getAttribute("href"),
    );
    expect(links).toEqual(blogPosts.slice(0, 3).map((post) => blogPaths.post(post.slug)));
  });
});

describe("blog files beside the pages", () => {
  it("sitemap.xml lists every post and every category with posts, not an empty category", () => {
    const xml = read("sitemap.xml").toString();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const categories = [...new Set(blogPosts.map((post) => post.category))];
    expect(locs.filter((loc) => loc?.startsWith(`${siteUrl}/blog/`)).sort()).toEqual(
      [
        ...blogPosts.map((post) => `${siteUrl}${blogPaths.post(post.slug)}`),
        ...categories.map((category) => `${siteUrl}/blog/category/${category.toLowerCase()}`),
      ].sort(),
    );
    expect(locs).toContain(`${siteUrl}/blog`);
  });

  it("blog/feed.xml is an Atom feed, well-formed XML, with one entry per post, newest first", () => {
    const xml = read("blog/feed.xml").toString();
    expect(XMLValidator.validate(xml)).toBe(true);
    const { feed } = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml);
    expect(feed.xmlns).toBe("http://www.w3.org/2005/Atom");
    const entries = feed.entry as {
      title: { "#text": string };
      link: { href: string };
      content: { "#text": string };
    }[];
    expect(entries).toHaveLength(blogPosts.length);
    expect(entries).toHaveLength(6);
    expect(entries.map((entry) => entry.title["#text"])).toEqual(
      blogPosts.map((post) => post.title),
    );
    expect(entries.map((entry) => entry.link.href)).toEqual(
      blogPosts.map((post) => `${siteUrl}${blogPaths.post(post.slug)}`),
    );
    expect(entries[0]?.content["#text"]).toBe(blogPostBodies[blogPosts[0]?.slug ?? ""]?.html);
  });
});
