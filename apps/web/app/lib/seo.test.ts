import { describe, expect, it } from "vitest";
import type { MetaDescriptor } from "react-router";
import { firm } from "@site/shared/content";
import { contentSources, messageSources } from "@site/shared/i18n/sources";
import { translations } from "@site/shared/i18n/translations";
import {
  blogPostingJsonLd,
  organizationJsonLd,
  routeSeo,
  seo,
  type PageInfo,
  type SiteSeo,
} from "./seo";

const english = (path: string): PageInfo => ({
  path,
  locale: "en",
  content: contentSources,
  messages: messageSources,
});

const site: SiteSeo = {
  siteUrl: "https://example.test",
  siteName: "Firm",
  imagePath: "/card.png",
  imageAlt: "card",
};
const find = (tags: MetaDescriptor[], key: string, value: string) =>
  tags.find((tag) => (tag as Record<string, string>)[key] === value) as
    Record<string, string> | undefined;

describe("seo()", () => {
  it("builds title, description, canonical, Open Graph and Twitter tags from one page description", () => {
    const tags = seo(
      { title: "About Us", description: "All about us.", path: "/about", locale: "en" },
      site,
    );
    expect(tags).toContainEqual({ title: "About Us | Firm" });
    expect(find(tags, "name", "description")?.content).toBe("All about us.");
    expect(find(tags, "rel", "canonical")?.href).toBe("https://example.test/about");
    expect(find(tags, "property", "og:title")?.content).toBe("About Us | Firm");
    expect(find(tags, "property", "og:url")?.content).toBe("https://example.test/about");
    expect(find(tags, "property", "og:type")?.content).toBe("website");
    expect(find(tags, "property", "og:site_name")?.content).toBe("Firm");
    expect(find(tags, "property", "og:image")?.content).toBe("https://example.test/card.png");
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    // X falls back to Open Graph's title, description and image: no copies of them.
    for (const name of ["twitter:title", "twitter:description", "twitter:image"])
      expect(find(tags, "name", name)).toBeUndefined();
    expect(find(tags, "name", "robots")).toBeUndefined();
  });

  it("gives the home page a canonical ending in a slash and lets the 404 page opt out of indexing", () => {
    expect(find(routeSeo("home", english("/"), site), "rel", "canonical")?.href).toBe(
      "https://example.test/",
    );
    const notFound = seo(
      { title: "404", description: "x", path: "/404", locale: "en", noindex: true },
      site,
    );
    expect(find(notFound, "name", "robots")?.content).toBe("noindex");
  });

  it("uses the published site URL and the firm's name by default", () => {
    const tags = routeSeo("services", english("/services"));
    expect(tags).toContainEqual({ title: `Services | ${firm.name}` });
    expect(find(tags, "rel", "canonical")?.href).toBe(`${firm.siteUrl}/services`);
  });
});

describe("organizationJsonLd()", () => {
  it("describes the firm as a ProfessionalService organization in Nairobi", () => {
    const data = organizationJsonLd(site);
    expect(data["@type"]).toEqual(["ProfessionalService", "Organization"]);
    expect(data).toMatchObject({
      name: firm.name,
      url: "https://example.test/",
      telephone: firm.phone,
    });
    expect(data.address).toMatchObject({ addressLocality: "Nairobi", addressCountry: "KE" });
  });
});

describe("seo() for the blog", () => {
  it("announces the blog's Atom feed on every page", () => {
    const tags = seo(
      { title: "About Us", description: "All about us.", path: "/about", locale: "en" },
      site,
    );
    expect(find(tags, "type", "application/atom+xml")).toEqual({
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: "Firm blog",
      href: "https://example.test/blog/feed.xml",
    });
  });

  it("makes a post an Open Graph article with its dates and section", () => {
    const tags = seo(
      {
        title: "A Post",
        description: "d",
        path: "/blog/a-post",
        locale: "en",
        article: { publishedTime: "2026-06-09", modifiedTime: "2026-07-01", section: "Banking" },
      },
      site,
    );
    expect(find(tags, "property", "og:type")?.content).toBe("article");
    expect(find(tags, "property", "article:published_time")?.content).toBe("2026-06-09");
    expect(find(tags, "property", "article:modified_time")?.content).toBe("2026-07-01");
    expect(find(tags, "property", "article:section")?.content).toBe("Banking");
  });
});

describe("blogPostingJsonLd()", () => {
  it("describes a post as a BlogPosting by its author, published by the firm", () => {
    const data = blogPostingJsonLd(
      {
        slug: "a-post",
        title: "A Post",
        summary: "s",
        date: "2026-06-09",
        author: "amani-njoroge",
        category: "Banking",
      },
      site,
    );
    expect(data).toMatchObject({
      "@type": "BlogPosting",
      headline: "A Post",
      url: "https://example.test/blog/a-post",
      datePublished: "2026-06-09",
      dateModified: "2026-06-09",
      articleSection: "Banking",
      author: {
        "@type": "Person",
        name: "Dr. Amani Njoroge",
        url: "https://example.test/experts#amani-njoroge",
      },
      publisher: {
        "@type": "Organization",
        "@id": "https://example.test/#organization",
        name: "Kilima Advisory",
      },
    });
    // Nothing a search engine ignores (each is bytes of every post's first flight).
    expect(data).not.toHaveProperty("keywords");
    expect(data).not.toHaveProperty("wordCount");
  });
});

describe("seo() in three languages", () => {
  it("gives each language its canonical URL, names the other two and English as x-default", () => {
    const french = { ...translations("fr"), path: "/about" };
    const tags = routeSeo("about", french, site);
    expect(find(tags, "rel", "canonical")?.href).toBe("https://example.test/fr/about");
    const alternates = tags
      .map((tag) => tag as Record<string, string>)
      .filter((tag) => tag.rel === "alternate" && tag.hrefLang)
      .map((tag) => [tag.hrefLang, tag.href]);
    expect(alternates).toEqual([
      ["en", "https://example.test/about"],
      ["fr", "https://example.test/fr/about"],
      ["sw", "https://example.test/sw/about"],
      ["x-default", "https://example.test/about"],
    ]);
    expect(find(tags, "property", "og:locale")?.content).toBe("fr_FR");
    expect(
      tags.filter((tag) => (tag as Record<string, string>).property === "og:locale:alternate"),
    ).toHaveLength(2);
    // The title is the French route's, not the English one.
    expect(tags[0]).toEqual({
      title: `${french.content.routes.find((r) => r.id === "about")?.title} | Firm`,
    });
    expect(tags[0]).not.toEqual({ title: "About Us | Firm" });
  });

  it("puts home under /sw and keeps the 404 page out of the alternates", () => {
    const swahili = { ...translations("sw"), path: "/" };
    expect(find(routeSeo("home", swahili, site), "rel", "canonical")?.href).toBe(
      "https://example.test/sw",
    );
    const notFound = seo(
      { title: "404", description: "x", path: "/404", locale: "sw", noindex: true },
      site,
    );
    expect(notFound.some((tag) => (tag as Record<string, string>).hrefLang)).toBe(false);
  });
});
