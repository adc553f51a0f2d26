import { beforeEach, describe, expect, it } from "vitest";
import {
  applyTogether,
  deferredStylesAttribute,
  loadDeferredStyles,
  pendingMedia,
} from "./deferred-styles";

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

  it("lets no file apply before every one has loaded or failed, then all of them in the same task", () => {
    // One file applying alone moves the page (its rules land after the inline rules of the files listed
    // after it), under the finger whose tap asked for the files.
    const links = ["/assets/root.css", "/assets/blog.css", "/assets/post.css"].map((href) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      return link;
    });
    applyTogether(links);
    const media = () => links.map((link) => link.getAttribute("media"));
    expect(media()).toEqual([pendingMedia, pendingMedia, pendingMedia]);
    expect(window.matchMedia(pendingMedia).matches).toBe(false);

    links[0]?.dispatchEvent(new Event("load"));
    links[0]?.dispatchEvent(new Event("load"));
    links[2]?.dispatchEvent(new Event("error"));
    expect(media()).toEqual([pendingMedia, pendingMedia, pendingMedia]);
    links[1]?.dispatchEvent(new Event("load"));
    expect(media()).toEqual([null, null, null]);
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
