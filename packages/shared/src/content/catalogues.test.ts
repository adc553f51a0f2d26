import { describe, expect, it } from "vitest";
import { geographies } from "./geographies.js";
import { sectors } from "./sectors.js";
import { serviceCategories, serviceHref } from "./services.js";

describe("geographies", () => {
  it("are the spec's 21, in the spec's order", () => {
    expect(geographies).toEqual([
      "Sub Sahara Africa",
      "Rest of World",
      "Kenya",
      "Uganda",
      "Tanzania",
      "Rwanda",
      "South Sudan",
      "DR Congo",
      "Somalia",
      "Ethiopia",
      "Burundi",
      "Malawi",
      "Zambia",
      "Zimbabwe",
      "Mozambique",
      "Madagascar",
      "South Africa",
      "Angola",
      "Cameroon",
      "Ghana",
      "Nigeria",
    ]);
  });
});

/** Lower-case words of a name, without joining words, so "PE & VC" and "PE and VC" compare equal. */
function meaningfulWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "" && word !== "and");
}

describe("sectors", () => {
  // Copied from docs/specification.md, Industries.
  const specNamed = [
    "banking", "NGOs", "SACCOs", "family businesses", "insurance", "SMEs", "public sector", "tourism",
    "blue economy", "energy", "real estate", "ICT", "microfinance", "telecoms", "PE and VC",
    "trade and investment", "mobile money", "education", "digital lenders", "public administration", "media",
    "agriculture", "health", "capital markets", "logistics", "infrastructure", "retail", "FMCG",
    "professional services", "manufacturing", "payments", "construction",
  ];

  it("are about 36 (exactly 36 as built)", () => {
    expect(sectors).toHaveLength(36);
  });

  it.each(specNamed)("include the spec-named sector %j", (named) => {
    const wanted = meaningfulWords(named);
    const match = sectors.find((sector) => {
      const words = meaningfulWords(sector.name);
      return wanted.every((word) => words.includes(word));
    });
    expect(match, named).toBeDefined();
  });

  it("have unique names", () => {
    const names = sectors.map((sector) => sector.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it("each carry a specific description of one or two sentences", () => {
    for (const { name, description } of sectors) {
      expect(description, name).toMatch(/\.$/);
      expect(description.length, name).toBeGreaterThanOrEqual(60);
      const sentences = description.split(/[.!?](?:\s|$)/).filter((part) => part.trim() !== "");
      expect(sentences.length, name).toBeLessThanOrEqual(2);
    }
    const descriptions = sectors.map((sector) => sector.description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });
});

describe("serviceCategories", () => {
  it("are the nine, numbered 1 to 9, with the spec's titles verbatim", () => {
    expect(serviceCategories.map(({ number, title }) => [number, title])).toEqual([
      [1, "Strategy, Management & Leadership"],
      [2, "Economic, Market & Innovation"],
      [3, "Governance, Risk & Compliance"],
      [4, "Resource Mobilization & Investment"],
      [5, "ICT & Digital"],
      [6, "Policy, Public Sector & Social Services"],
      [7, "Reporting, Communication & Thought Leadership"],
      [8, "Project & Program Management, Monitoring & Evaluation"],
      [9, "Training, Capacity Building & Mentorship"],
    ]);
  });

  it("have the anchor ids and illustrations the pages and footer rely on", () => {
    expect(serviceCategories.map(({ id, illustration }) => [id, illustration])).toEqual([
      ["strategy-management-leadership", "strategy"],
      ["economic-market-innovation", "economy"],
      ["governance-risk-compliance", "governance"],
      ["resource-mobilization-investment", "investment"],
      ["ict-digital", "digital"],
      ["policy-public-sector-social-services", "policy"],
      ["reporting-communication-thought-leadership", "communication"],
      ["project-program-management-monitoring-evaluation", "projects"],
      ["training-capacity-building-mentorship", "training"],
    ]);
  });

  it("each have a summary sentence and 5 to 7 distinct bullets", () => {
    for (const service of serviceCategories) {
      expect(service.summary, service.id).toMatch(/\.$/);
      expect(service.bullets.length, service.id).toBeGreaterThanOrEqual(5);
      expect(service.bullets.length, service.id).toBeLessThanOrEqual(7);
      expect(new Set(service.bullets).size, service.id).toBe(service.bullets.length);
    }
  });

  it("serviceHref links to the section's anchor on /services", () => {
    expect(serviceHref("ict-digital")).toBe("/services#ict-digital");
  });
});
