import { describe, expect, it } from "vitest";
import { linkWebManifest, webManifestPath } from "./web-manifest";

// A document of its own. It has no scripting, so its <noscript> link is an element, as it would be for a
// browser without JavaScript; with JavaScript on, it is only text.
function page(head: string): Document {
  const doc = document.implementation.createHTMLDocument("page");
  doc.head.innerHTML = head;
  return doc;
}

describe("linkWebManifest", () => {
  it("adds the manifest's link to a head that names it only in <noscript>", () => {
    const doc = page(`<noscript><link rel="manifest" href="${webManifestPath}"/></noscript>`);
    linkWebManifest(doc);
    const links = [...doc.head.querySelectorAll('link[rel="manifest"]')];
    expect(links.map((link) => [link.parentElement?.tagName, link.getAttribute("href")])).toEqual([
      ["NOSCRIPT", webManifestPath],
      ["HEAD", webManifestPath],
    ]);
  });

  it("adds none when the page already has one", () => {
    const doc = page(`<link rel="manifest" href="${webManifestPath}"/>`);
    linkWebManifest(doc);
    linkWebManifest(doc);
    expect(doc.head.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
    expect(doc.head.querySelector('link[rel="manifest"]')?.parentElement).toBe(doc.head);
  });
});
