import { beforeEach, describe, expect, it } from "vitest";
import { deferredStylesAttribute, loadDeferredStyles } from "./deferred-styles";

const stylesheetHrefs = () =>
  [...document.head.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
    link.getAttribute("href"),
  );

describe("loadDeferredStyles", () => {
  beforeEach(() => {
    document.head.innerHTML = "";
  });

  it("links every file the page's <style> names, after the paint it waits for", () => {
    document.head.innerHTML = `<style ${deferredStylesAttribute}="/assets/root.css /assets/blog.css">h1{}</style>`;
    const waiting: (() => void)[] = [];
    loadDeferredStyles(document, (load) => waiting.push(load));
    expect(stylesheetHrefs()).toEqual([]);
    waiting.forEach((load) => load());
    expect(stylesheetHrefs()).toEqual(["/assets/root.css", "/assets/blog.css"]);
  });

  it("links a file only once, and nothing when the page lists none", () => {
    document.head.innerHTML =
      `<style ${deferredStylesAttribute}="/assets/root.css">h1{}</style>` +
      '<link rel="stylesheet" href="/assets/root.css">';
    loadDeferredStyles(document, (load) => load());
    expect(stylesheetHrefs()).toEqual(["/assets/root.css"]);

    document.head.innerHTML = "<style>h1{}</style>";
    let waited = false;
    loadDeferredStyles(document, () => {
      waited = true;
    });
    expect(waited).toBe(false);
  });

  it("by default, links them at the visitor's first act on the page, once", () => {
    document.head.innerHTML = `<style ${deferredStylesAttribute}="/assets/root.css">h1{}</style>`;
    loadDeferredStyles(document);
    expect(stylesheetHrefs()).toEqual([]);
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(stylesheetHrefs()).toEqual(["/assets/root.css"]);
    document.body.dispatchEvent(new Event("keydown", { bubbles: true }));
    expect(stylesheetHrefs()).toEqual(["/assets/root.css"]);
  });
});
