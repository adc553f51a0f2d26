import { describe, expect, it } from "vitest";
import { aboutContent } from "./about.js";
import { careersContent } from "./careers.js";
import { contactContent } from "./contact.js";
import { expertsContent } from "./experts.js";
import { firm } from "./firm.js";
import { homeContent } from "./home.js";
import { industriesContent } from "./industries.js";
import { newsletterContent } from "./newsletter.js";
import { routePaths } from "./navigation.js";
import { serviceCategories } from "./services.js";

const serviceIds = new Set<string>(serviceCategories.map((service) => service.id));

/** An internal link resolves when its path is a page and any anchor is a /services section. */
function resolves(href: string): boolean {
  const [path = "", anchor] = href.split("#");
  if (!(routePaths as readonly string[]).includes(path)) return false;
  return anchor === undefined || (path === "/services" && serviceIds.has(anchor));
}

describe("homeContent", () => {
  it("hero buttons: Explore Now to /services, Talk to Us to /contact", () => {
    expect(homeContent.hero.primary).toEqual({ label: "Explore Now", href: "/services" });
    expect(homeContent.hero.secondary).toEqual({ label: "Talk to Us", href: "/contact" });
  });

  it("has a Who We Are block", () => {
    expect(homeContent.whoWeAre.heading).toBe("Who We Are");
    expect(homeContent.whoWeAre.paragraphs.length).toBeGreaterThan(0);
  });

  it("has the spec's six service cards in order, each linking to /services or one of its sections", () => {
    expect(homeContent.serviceCards.map((card) => card.title)).toEqual([
      "Strategy & Leadership",
      "Research & Analysis",
      "Sector Expertise",
      "Capacity Building",
      "Monitoring & Evaluation",
      "Digital Transformation",
    ]);
    for (const card of homeContent.serviceCards) {
      expect(card.href.startsWith("/services"), card.href).toBe(true);
      expect(resolves(card.href), card.href).toBe(true);
    }
  });

  it("has Why Partner With Us with three points", () => {
    expect(homeContent.whyPartner.heading).toBe("Why Partner With Us");
    expect(homeContent.whyPartner.points).toHaveLength(3);
  });

  it("has the three how-it-works steps in order and a Get In Touch link to /contact", () => {
    expect(homeContent.howItWorks.steps.map(({ number, title }) => [number, title])).toEqual([
      [1, "Choose a Package"],
      [2, "Make Secure Payment"],
      [3, "Get Instant Access"],
    ]);
    expect(homeContent.howItWorks.cta).toEqual({ label: "Get In Touch", href: "/contact" });
  });

  it("has five distinct FAQs, each answered", () => {
    expect(homeContent.faq.heading).toBe("Frequently Asked Questions");
    expect(homeContent.faq.items).toHaveLength(5);
    expect(new Set(homeContent.faq.items.map((item) => item.question)).size).toBe(5);
    for (const item of homeContent.faq.items) {
      expect(item.question, item.question).toMatch(/\?$/);
      expect(item.answer.length, item.question).toBeGreaterThan(20);
    }
  });
});

describe("aboutContent", () => {
  const { philosophies } = aboutContent;

  it("uses the firm's motto and tagline", () => {
    expect(philosophies.motto).toBe("destiny changers");
    expect(philosophies.tagline).toBe("your thought leadership partner");
    expect(philosophies.motto).toBe(firm.motto);
    expect(philosophies.tagline).toBe(firm.tagline);
  });

  it("states purpose, vision, mission, promise, positioning and inspiration", () => {
    for (const key of ["purpose", "vision", "mission", "promise", "positioning", "inspiration"] as const) {
      expect(philosophies[key].length, key).toBeGreaterThan(30);
    }
  });

  it("has five or six core values", () => {
    expect(philosophies.coreValues.length).toBeGreaterThanOrEqual(5);
    expect(philosophies.coreValues.length).toBeLessThanOrEqual(6);
  });

  it("has an anthem of two or three verses plus a chorus", () => {
    const { verses } = aboutContent.anthem;
    expect(verses.length).toBeGreaterThanOrEqual(3);
    expect(verses.length).toBeLessThanOrEqual(4);
    expect(verses.filter((verse) => verse[0]?.startsWith("Chorus"))).toHaveLength(1);
    for (const verse of verses) expect(verse.length).toBeGreaterThanOrEqual(4);
  });

  it("has ten business-model cards and eight critical success factors, titles unique", () => {
    expect(aboutContent.businessModel).toHaveLength(10);
    expect(aboutContent.successFactors).toHaveLength(8);
    expect(new Set(aboutContent.businessModel.map((card) => card.title)).size).toBe(10);
    expect(new Set(aboutContent.successFactors.map((card) => card.title)).size).toBe(8);
  });

  it("has four to six reasons to choose us", () => {
    expect(aboutContent.whyChooseUs.points.length).toBeGreaterThanOrEqual(4);
    expect(aboutContent.whyChooseUs.points.length).toBeLessThanOrEqual(6);
  });
});

describe("industriesContent", () => {
  it("hero has a Let's Talk link to /contact", () => {
    expect(industriesContent.hero.cta).toEqual({ label: "Let's Talk", href: "/contact" });
  });

  it("has the five solutions, titles verbatim, in order", () => {
    expect(industriesContent.solutions.items.map((item) => item.title)).toEqual([
      "Strategy & Governance",
      "Research, Evaluation & Analysis",
      "Innovation & Digital Transformation",
      "Organizational Development",
      "Financial Inclusion & Development",
    ]);
    for (const item of industriesContent.solutions.items) expect(item.points.length, item.title).toBeGreaterThan(0);
  });

  it("has the three process steps, verbatim and numbered", () => {
    expect(industriesContent.process.steps.map(({ number, title }) => [number, title])).toEqual([
      [1, "Discover & Define"],
      [2, "Design & Deliver"],
      [3, "Review & Refine"],
    ]);
  });

  it("links Support Center and Schedule a Consultation to /contact", () => {
    expect(industriesContent.support.links).toEqual([
      { label: "Support Center", href: "/contact" },
      { label: "Schedule a Consultation", href: "/contact" },
    ]);
  });
});

describe("expertsContent", () => {
  const { founder } = expertsContent;

  it("introduces the leadership and the board as the spec says", () => {
    expect(expertsContent.heading).toBe("Our Experts");
    const intro = expertsContent.intro.join(" ");
    for (const phrase of ["Founder/MD/CEO", "executive committee", "offices", "communities of practice", "board"]) {
      expect(intro).toContain(phrase);
    }
  });

  it("profiles the founder with the Founder/MD/CEO title", () => {
    expect(founder.name).toBe(firm.founderName);
    expect(founder.title).toBe("Founder/MD/CEO");
  });

  it("links e-mail, website, X, Facebook and LinkedIn", () => {
    expect(founder.socials.map((social) => social.network)).toEqual(["email", "website", "x", "facebook", "linkedin"]);
    const [email, ...web] = founder.socials;
    expect(email?.href).toMatch(/^mailto:[^\s@]+@[^\s@][^\s.@]*\.[^\s@]+$/);
    for (const social of web) expect(new URL(social.href).protocol, social.href).toBe("https:");
  });

  it("lists four distinct absolute https publication links", () => {
    expect(founder.publications).toHaveLength(4);
    expect(new Set(founder.publications.map((link) => link.href)).size).toBe(4);
    for (const link of founder.publications) expect(new URL(link.href).protocol, link.href).toBe("https:");
  });

  it("has a biography covering the banking years, education, training, memberships and boards", () => {
    const biography = founder.biography.join(" ");
    expect(founder.biography.length).toBeGreaterThanOrEqual(3);
    for (const phrase of ["pan-African economic and strategy consultant", "22 years", "banking group", "executive programmes", "Memberships", "Board roles"]) {
      expect(biography).toContain(phrase);
    }
  });
});

describe("careersContent", () => {
  it("has the spec's tag, heading and CV button addressed to the careers inbox", () => {
    expect(careersContent.tag).toBe("Join Us");
    expect(careersContent.heading).toBe("Interested in joining us?");
    expect(careersContent.cta.label).toBe("Send Us Your CV");
    const mail = new URL(careersContent.cta.href);
    expect(mail.protocol).toBe("mailto:");
    expect(mail.pathname).toBe(firm.careersEmail);
    expect(mail.searchParams.get("subject")).toBeTruthy();
  });

  it("mentions development, induction, training, welfare, attitude and high performance", () => {
    const text = careersContent.paragraphs.join(" ").toLowerCase();
    for (const word of ["development", "induction", "training", "welfare", "attitude", "purpose", "values", "high-performance culture"]) {
      expect(text).toContain(word);
    }
  });
});

describe("contactContent", () => {
  it("states the reply time and support hours, titles the form and points to /careers", () => {
    expect(contactContent.intro).toContain(firm.replyTime);
    expect(contactContent.intro).toContain(firm.supportHours);
    expect(contactContent.formHeading).toBe("Start the Conversation");
    expect(contactContent.careersPointer.link.href).toBe("/careers");
  });
});

describe("newsletterContent", () => {
  it("labels the field and the button", () => {
    expect(newsletterContent.label).toBe("Email address");
    expect(newsletterContent.button).toBe("Subscribe");
    expect(newsletterContent.heading.length).toBeGreaterThan(0);
  });
});
