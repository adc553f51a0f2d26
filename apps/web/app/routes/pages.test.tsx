import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  aboutSections,
  careersContent,
  contactContent,
  expertsContent,
  homeContent,
  industriesContent,
  newsletterContent,
  notFoundPath,
  sectors,
  serviceCategories,
} from "@site/shared/content";
import { notFoundMessages, thoughtLeadershipMessages } from "@site/shared/messages";
import { renderRoute } from "./render-route.test-helper";

const main = () => screen.getByRole("main");
const h1 = () => within(main()).getByRole("heading", { level: 1 });
// The newsletter block and the contact form load their code on demand (components/ui/island.tsx):
// rendered fresh, as here, they appear once it has loaded.
const newsletter = () => within(main()).findByRole("region", { name: newsletterContent.heading });
/** The <details> disclosures of a section, with their summaries' texts. */
const disclosures = (root: HTMLElement) =>
  [...root.querySelectorAll("details")].map(
    (details) => details.querySelector("summary")?.textContent,
  );

describe("Home", () => {
  it("has the hero with Explore Now to /services and Talk to Us to /contact", async () => {
    await renderRoute("/");
    expect(h1()).toHaveTextContent(homeContent.hero.heading);
    expect(within(main()).getByRole("link", { name: "Explore Now" })).toHaveAttribute(
      "href",
      "/services",
    );
    expect(within(main()).getByRole("link", { name: "Talk to Us" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });

  it("shows Who We Are and six service cards, each linking to /services", async () => {
    await renderRoute("/");
    expect(
      within(main()).getByRole("heading", { level: 2, name: "Who We Are" }),
    ).toBeInTheDocument();
    const services = within(main()).getByRole("region", { name: "Services" });
    const cards = within(services).getAllByRole("listitem");
    expect(cards).toHaveLength(6);
    expect(cards.map((card) => within(card).getByRole("heading").textContent)).toEqual([
      "Strategy & Leadership",
      "Research & Analysis",
      "Sector Expertise",
      "Capacity Building",
      "Monitoring & Evaluation",
      "Digital Transformation",
    ]);
    for (const card of cards)
      expect(within(card).getByRole("link").getAttribute("href")).toMatch(/^\/services(#|$)/);
  });

  it("has Why Partner With Us (3), how-it-works (3 steps, Get In Touch), a five-question FAQ and the newsletter", async () => {
    await renderRoute("/");
    const why = within(main()).getByRole("region", { name: "Why Partner With Us" });
    expect(within(why).getAllByRole("heading", { level: 3 })).toHaveLength(3);

    const how = within(main()).getByRole("region", { name: homeContent.howItWorks.heading });
    const steps = within(how).getAllByRole("listitem");
    expect(steps.map((step) => within(step).getByRole("heading").textContent)).toEqual([
      "Choose a Package",
      "Make Secure Payment",
      "Get Instant Access",
    ]);
    expect(within(how).getByRole("link", { name: "Get In Touch" })).toHaveAttribute(
      "href",
      "/contact",
    );

    const faq = within(main()).getByRole("region", { name: homeContent.faq.heading });
    expect(disclosures(faq)).toEqual(homeContent.faq.items.map((item) => item.question));
    expect(disclosures(faq)).toHaveLength(5);
    // Answers are in the document (and so in the prerendered HTML) even while collapsed.
    for (const item of homeContent.faq.items)
      expect(within(faq).getByText(item.answer)).toBeInTheDocument();
    expect(await newsletter()).toBeInTheDocument();
  });
});

describe("About", () => {
  it("has the six anchored sections with the spec's ids, in order, then the newsletter", async () => {
    await renderRoute("/about");
    const ids = [...main().querySelectorAll("section[id]")].map((section) => section.id);
    expect(ids).toEqual([
      "who-we-are",
      "our-corporate-philosophies",
      "our-anthem",
      "our-business-model",
      "our-critical-success-factors",
      "why-choose-us",
    ]);
    for (const section of aboutSections) {
      expect(within(main()).getByRole("region", { name: section.heading })).toHaveAttribute(
        "id",
        section.id,
      );
    }
    const model = within(main()).getByRole("region", { name: "Our Business Model" });
    expect(within(model).getAllByRole("listitem")).toHaveLength(10);
    const factors = within(main()).getByRole("region", { name: "Our Critical Success Factors" });
    expect(within(factors).getAllByRole("listitem")).toHaveLength(8);
    expect(await newsletter()).toBeInTheDocument();
    // The newsletter block comes after the last anchored section.
    const last = document.getElementById("why-choose-us") as HTMLElement;
    expect(
      last.compareDocumentPosition(await newsletter()) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});

describe("Our Experts", () => {
  it("introduces the leadership and shows the founder's card, five social links and four publications", async () => {
    await renderRoute("/experts");
    expect(h1()).toHaveTextContent("Our Experts");
    expect(within(main()).getByText(/led by its Founder\/MD\/CEO/)).toBeInTheDocument();
    expect(within(main()).getByText(/Governance is led by our board/)).toBeInTheDocument();
    const { founder } = expertsContent;
    expect(
      within(main()).getByRole("heading", { level: 2, name: founder.name }),
    ).toBeInTheDocument();
    expect(within(main()).getByText("Founder/MD/CEO")).toBeInTheDocument();
    for (const social of founder.socials) {
      expect(within(main()).getByRole("link", { name: social.label })).toHaveAttribute(
        "href",
        social.href,
      );
    }
    expect(founder.socials).toHaveLength(5);
    for (const publication of founder.publications) {
      const link = within(main()).getByRole("link", { name: new RegExp(publication.label) });
      expect(link).toHaveAttribute("href", publication.href);
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    expect(founder.publications).toHaveLength(4);
    expect(
      within(main()).getByText(/about 22 years at a leading East African banking group/),
    ).toBeInTheDocument();
  });
});

describe("Services", () => {
  it("lists the nine numbered categories with anchors, an illustration and bullets each, then the newsletter", async () => {
    await renderRoute("/services");
    const titles = within(main()).getAllByRole("heading", { level: 2 }).slice(0, 9);
    expect(titles.map((title) => title.textContent)).toEqual(
      serviceCategories.map((service) => service.title),
    );
    expect(titles[0]).toHaveTextContent("Strategy, Management & Leadership");
    expect(titles[8]).toHaveTextContent("Training, Capacity Building & Mentorship");
    serviceCategories.forEach((service, index) => {
      const item = document.getElementById(service.id) as HTMLElement;
      expect(item).not.toBeNull();
      expect(within(item).getByText(String(index + 1).padStart(2, "0"))).toBeInTheDocument();
      expect(item.querySelector("svg[width][height]")).not.toBeNull();
      expect(within(item).getAllByRole("listitem")).toHaveLength(service.bullets.length);
    });
    expect(await newsletter()).toBeInTheDocument();
  });
});

describe("Industries", () => {
  it("has the hero with Let's Talk, every sector with its description, five solutions and three process steps", async () => {
    await renderRoute("/industries");
    expect(h1()).toHaveTextContent(industriesContent.hero.heading);
    expect(within(main()).getByRole("link", { name: "Let's Talk" })).toHaveAttribute(
      "href",
      "/contact",
    );

    const sectorList = within(main()).getByRole("region", {
      name: industriesContent.sectorsIntro.heading,
    });
    const items = within(sectorList).getAllByRole("listitem");
    expect(items).toHaveLength(sectors.length);
    expect(items.length).toBeGreaterThanOrEqual(32);
    for (const sector of sectors)
      expect(within(sectorList).getByText(sector.description)).toBeInTheDocument();

    const solutions = within(main()).getByRole("region", {
      name: industriesContent.solutions.heading,
    });
    expect(disclosures(solutions)).toEqual([
      "Strategy & Governance",
      "Research, Evaluation & Analysis",
      "Innovation & Digital Transformation",
      "Organizational Development",
      "Financial Inclusion & Development",
    ]);

    const process = within(main()).getByRole("region", { name: industriesContent.process.heading });
    expect(
      within(process)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Discover & Define", "Design & Deliver", "Review & Refine"]);
    expect(within(main()).getByRole("link", { name: "Support Center" })).toHaveAttribute(
      "href",
      "/contact",
    );
    expect(within(main()).getByRole("link", { name: "Schedule a Consultation" })).toHaveAttribute(
      "href",
      "/contact",
    );
    expect(await newsletter()).toBeInTheDocument();
  });
});

describe("Careers", () => {
  it("has the Join Us tag, the heading and a Send Us Your CV mailto to the careers address", async () => {
    await renderRoute("/careers");
    expect(within(main()).getByText("Join Us")).toBeInTheDocument();
    expect(h1()).toHaveTextContent("Interested in joining us?");
    for (const paragraph of careersContent.paragraphs)
      expect(within(main()).getByText(paragraph)).toBeInTheDocument();
    const cv = within(main()).getByRole("link", { name: "Send Us Your CV" });
    expect(cv.getAttribute("href")).toMatch(/^mailto:careers@/);
    expect(cv).toHaveAttribute("href", careersContent.cta.href);
  });
});

describe("Contact", () => {
  it("has the intro, the Start the Conversation form and a pointer to Careers", async () => {
    await renderRoute("/contact");
    expect(h1()).toHaveTextContent(contactContent.heading);
    expect(within(main()).getByText(contactContent.intro)).toBeInTheDocument();
    expect(
      await within(main()).findByRole("heading", { level: 2, name: "Start the Conversation" }),
    ).toBeInTheDocument();
    expect(
      within(main()).getByRole("link", { name: contactContent.careersPointer.link.label }),
    ).toHaveAttribute("href", "/careers");
  });
});

describe("Thought Leadership", () => {
  it("renders the feature's heading and subtitle", async () => {
    await renderRoute("/thought-leadership");
    expect(h1()).toHaveTextContent(thoughtLeadershipMessages.heading);
    expect(within(main()).getByText(thoughtLeadershipMessages.subtitle)).toBeInTheDocument();
  });
});

describe("Not found", () => {
  it.each([notFoundPath, "/no-such-page", "/about/deeper"])(
    "shows the 404 page at %s with a Return Home link",
    async (path) => {
      await renderRoute(path);
      expect(h1()).toHaveTextContent(notFoundMessages.title);
      expect(within(main()).getByText(notFoundMessages.text)).toBeInTheDocument();
      expect(within(main()).getByRole("link", { name: notFoundMessages.action })).toHaveAttribute(
        "href",
        "/",
      );
    },
  );
});
