import { describe, expect, it } from "vitest";
import { firm } from "./firm.js";
import {
  aboutSections,
  contactCta,
  footerColumns,
  headerNav,
  mobileNav,
  notFoundPath,
  routeById,
  routePaths,
  routes,
} from "./navigation.js";
import { serviceCategories } from "./services.js";

describe("routes", () => {
  it("are the spec's eight pages and the blog, in header order, then the privacy notice, with unique paths and ids", () => {
    expect(routePaths).toEqual([
      "/",
      "/about",
      "/experts",
      "/services",
      "/industries",
      "/thought-leadership",
      "/blog",
      "/careers",
      "/contact",
      "/privacy",
    ]);
    expect(new Set(routePaths).size).toBe(routes.length);
    expect(new Set(routes.map((route) => route.id)).size).toBe(routes.length);
  });

  it.each(routes.map((route) => [route.id, route.description] as const))(
    "%s has a meta description of 50 to 160 characters",
    (_id, description) => {
      expect(description.length).toBeGreaterThanOrEqual(50);
      expect(description.length).toBeLessThanOrEqual(160);
    },
  );

  it("the not-found page lives outside the route table", () => {
    expect(routePaths).not.toContain(notFoundPath);
    expect(notFoundPath).toBe("/404");
  });

  it("routeById finds a route and refuses an unknown id", () => {
    expect(routeById("careers").path).toBe("/careers");
    expect(() => routeById("press" as Parameters<typeof routeById>[0])).toThrow(/Unknown route press/);
  });
});

describe("about sections", () => {
  it("are the six anchors, in the spec's order", () => {
    expect(aboutSections.map((section) => section.id)).toEqual([
      "who-we-are",
      "our-corporate-philosophies",
      "our-anthem",
      "our-business-model",
      "our-critical-success-factors",
      "why-choose-us",
    ]);
  });
});

describe("header and mobile navigation", () => {
  it("the header lists the spec's links and the blog, About with its six anchors", () => {
    expect(headerNav.map((item) => [item.label, item.href])).toEqual([
      ["Home", "/"],
      ["About", "/about"],
      ["Our Experts", "/experts"],
      ["Services", "/services"],
      ["Industries", "/industries"],
      ["Thought Leadership", "/thought-leadership"],
      ["Blog", "/blog"],
      ["Careers", "/careers"],
      ["Contact", "/contact"],
    ]);
    const about = headerNav.find((item) => item.href === "/about");
    expect(about?.children?.map((child) => child.href)).toEqual(
      aboutSections.map((section) => `/about#${section.id}`),
    );
    expect(contactCta).toEqual({ label: "Contact Us", href: "/contact" });
  });

  it("the mobile menu says 'About Us', lists the blog and, unlike the spec, keeps Careers (docs/architecture.md)", () => {
    const labels = mobileNav.map((item) => item.label);
    expect(labels).toEqual([
      "Home",
      "About Us",
      "Our Experts",
      "Services",
      "Industries",
      "Thought Leadership",
      "Blog",
      "Careers",
      "Contact",
    ]);
    expect(mobileNav[1]?.children).toHaveLength(6);
  });
});

describe("footer", () => {
  it("Links & Resources lists the spec's six links, the blog and the privacy notice", () => {
    expect(footerColumns.linksAndResources.links.map((link) => link.label)).toEqual([
      "About Us",
      "Our Experts",
      "Services",
      "Industries",
      "Thought Leadership",
      "Blog",
      "Contact Us",
      "Privacy Notice",
    ]);
    expect(footerColumns.linksAndResources.links.at(-1)?.href).toBe("/privacy");
  });

  it("Core Services lists the spec's six, each linking to an existing /services section", () => {
    const { links } = footerColumns.coreServices;
    expect(links.map((link) => link.label)).toEqual([
      "Strategic Planning",
      "Economic Advisory",
      "Policy Design",
      "Digital Transformation",
      "Corporate Governance",
      "Research & Analysis",
    ]);
    const ids = new Set<string>(serviceCategories.map((service) => service.id));
    for (const link of links) {
      const [path, anchor] = link.href.split("#");
      expect(path, link.label).toBe("/services");
      expect(ids.has(anchor ?? ""), link.href).toBe(true);
    }
  });

  it("has four socials (Facebook, X, LinkedIn, Instagram) on generic https homepages", () => {
    expect(firm.socials.map((social) => social.network)).toEqual(["facebook", "x", "linkedin", "instagram"]);
    for (const social of firm.socials) expect(new URL(social.href).protocol).toBe("https:");
  });

  it("states the firm's contact facts and copyright year", () => {
    expect(firm.supportHours).toBe("Monday to Friday, 8am to 6pm (EAT)");
    expect(firm.replyTime).toBe("24 to 48 hours");
    expect(firm.copyrightYear).toBe(2025);
    expect(firm.email).toMatch(/^[^\s@]+@[^\s@][^\s.@]*\.[^\s@]+$/);
    expect(firm.careersEmail).toMatch(/^[^\s@]+@[^\s@][^\s.@]*\.[^\s@]+$/);
    expect(firm.phoneHref).toBe(`tel:${firm.phone.replace(/\s/g, "")}`);
  });
});
