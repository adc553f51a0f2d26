import { describe, expect, it } from "vitest";
import type { MetaDescriptor } from "react-router";
import { firm, routeById } from "@site/shared/content";
import { organizationJsonLd, routeSeo, seo, type SiteSeo } from "./seo";

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
