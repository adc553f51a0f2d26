import { describe, expect, it } from "vitest";
import type { MetaDescriptor } from "react-router";
import { firm, routeById } from "@site/shared/content";
import { blogPostingJsonLd, organizationJsonLd, routeSeo, seo, type SiteSeo } from "./seo";

const site: SiteSeo = { siteUrl: "https://example.test", siteName: "Firm", imagePath: "/card.png", imageAlt: "card" };
const find = (tags: MetaDescriptor[], key: string, value: string) =>
  tags.find((tag) => (tag as Record<string, string>)[key] === value) as Record<string, string> | undefined;

describe("seo()", () => {
  it("builds title, description, canonical, Open Graph and Twitter tags from one page description", () => {
    const tags = seo({ title: "About Us", description: "All about us.", path: "/about" }, site);
    expect(tags).toContainEqual({ title: "About Us | Firm" });
    expect(find(tags, "name", "description")?.content).toBe("All about us.");
    expect(find(tags, "rel", "canonical")?.href).toBe("https://example.test/about");
    expect(find(tags, "property", "og:title")?.content).toBe("About Us | Firm");
    expect(find(tags, "property", "og:url")?.content).toBe("https://example.test/about");
    expect(find(tags, "property", "og:type")?.content).toBe("website");
    expect(find(tags, "property", "og:site_name")?.content).toBe("Firm");
    expect(find(tags, "property", "og:image")?.content).toBe("https://example.test/card.png");
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(tags, "name", "robots")).toBeUndefined();
  });

  it("gives the home page a canonical ending in a slash and lets the 404 page opt out of indexing", () => {
    expect(find(routeSeo(routeById("home"), site), "rel", "canonical")?.href).toBe("https://example.test/");
    const notFound = seo({ title: "404", description: "x", path: "/404", noindex: true }, site);
    expect(find(notFound, "name", "robots")?.content).toBe("noindex");
  });

  it("uses the published site URL and the firm's name by default", () => {
    const tags = routeSeo(routeById("services"));
    expect(tags).toContainEqual({ title: `Services | ${firm.name}` });
    expect(find(tags, "rel", "canonical")?.href).toBe(`${firm.siteUrl}/services`);
  });
});

describe("organizationJsonLd()", () => {
  it("describes the firm as a ProfessionalService organization in Nairobi", () => {
    const data = organizationJsonLd(site);
    expect(data["@type"]).toEqual(["ProfessionalService", "Organization"]);
    expect(data).toMatchObject({ name: firm.name, url: "https://example.test/", telephone: firm.phone });
    expect(data.address).toMatchObject({ addressLocality: "Nairobi", addressCountry: "KE" });
  });
});

describe("seo() for the blog", () => {
  it("announces the blog's Atom feed on every page", () => {
    const tags = seo({ title: "About Us", description: "All about us.", path: "/about" }, site);
    expect(find(tags, "rel", "alternate")).toEqual({
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
        category: "BANKING",
        tags: ["saccos", "risk"],
        words: 900,
      },
      site,
    );
    expect(data).toMatchObject({
      "@type": "BlogPosting",
      headline: "A Post",
      url: "https://example.test/blog/a-post",
      datePublished: "2026-06-09",
      dateModified: "2026-06-09",
      keywords: "saccos, risk",
      author: { "@type": "Person", name: "Dr. Amani Njoroge", url: "https://example.test/experts#amani-njoroge" },
      publisher: { "@id": "https://example.test/#organization" },
    });
  });
});
