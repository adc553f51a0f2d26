import { describe, expect, it } from "vitest";
import * as content from "./index.js";

/** Every string reachable from the content module's exports, with the path that leads to it. */
function strings(value: unknown, path: string, out: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof value === "string") out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((item, index) => strings(item, `${path}[${index}]`, out));
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) strings(item, `${path}.${key}`, out);
  }
  return out;
}

const allStrings = Object.entries(content).flatMap(([name, value]) => strings(value, name));

// Titles the spec gives verbatim, in its American spelling; everything we wrote uses British spelling.
const verbatim = new Set([
  "Resource Mobilization & Investment",
  "Project & Program Management, Monitoring & Evaluation",
  "Organizational Development",
]);

describe("site copy", () => {
  it("covers every content module (sanity check of the walk)", () => {
    expect(allStrings.length).toBeGreaterThan(400);
  });

  it("has no placeholder text", () => {
    for (const [path, text] of allStrings) expect(text, path).not.toMatch(/lorem|ipsum|\bTBD\b|\bTODO\b|xxx/i);
  });

  it("has no empty strings, stray double spaces or leading/trailing spaces", () => {
    for (const [path, text] of allStrings) {
      expect(text.trim(), path).toBe(text);
      expect(text, path).not.toBe("");
      expect(text, path).not.toMatch(/ {2}/);
    }
  });

  it("uses British spelling outside the spec's verbatim titles", () => {
    const american = /\b(organiz\w*|program|programs|mobiliz\w*|optimiz\w*|prioritiz\w*|center)\b/i;
    for (const [path, text] of allStrings) {
      // Ids and links are not prose, and the spec names the "Support Center" link verbatim.
      const notProse = /\.(?:id|href)$/.test(path);
      if (notProse || verbatim.has(text) || text === "Support Center") continue;
      expect(text, path).not.toMatch(american);
    }
  });

  it("every internal link resolves to a page, an About anchor or a Services section", () => {
    const pages = new Set<string>(content.routePaths);
    const anchors: Record<string, Set<string>> = {
      "/about": new Set(content.aboutSections.map((section) => section.id)),
      "/services": new Set(content.serviceCategories.map((service) => service.id)),
    };
    const internal = allStrings.filter(([path, text]) => path.endsWith(".href") && text.startsWith("/"));
    expect(internal.length).toBeGreaterThan(20);
    for (const [path, href] of internal) {
      const [page = "", anchor] = href.split("#");
      expect(pages.has(page), `${path}: ${href}`).toBe(true);
      if (anchor !== undefined) expect(anchors[page]?.has(anchor), `${path}: ${href}`).toBe(true);
    }
  });

  it("every external link is an absolute https, mailto or tel URL", () => {
    const external = allStrings.filter(
      ([path, text]) => (path.endsWith(".href") || path.endsWith(".link") || path.endsWith("Url")) && !text.startsWith("/"),
    );
    expect(external.length).toBeGreaterThan(29);
    for (const [path, href] of external) {
      expect(["https:", "mailto:", "tel:"], `${path}: ${href}`).toContain(new URL(href).protocol);
    }
  });
});
