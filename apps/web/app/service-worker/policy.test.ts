import { describe, expect, it } from "vitest";
import { pageKey, treatmentOf, type RequestInfo } from "./policy";

const origin = "https://site.test";
const get = (path: string, mode = "no-cors", destination = ""): RequestInfo => ({
  url: `${origin}${path}`,
  method: "GET",
  mode,
  destination,
});

describe("what the service worker does with a request", () => {
  it("treats a navigation to a page of the site as a page (network first, saved for offline)", () => {
    for (const path of ["/", "/about", "/blog/some-post", "/offline", "/no-such-page"])
      expect(treatmentOf(get(path, "navigate", "document"), origin), path).toBe("page");
  });

  it("never caches the API: a navigation to an unsubscribe or moderation link, a fetch, a form post", () => {
    for (const request of [
      get("/api/unsubscribe?token=abc", "navigate", "document"),
      get("/api/comments/moderate?token=abc", "navigate", "document"),
      get("/api/health", "cors"),
      { ...get("/api/contacts", "cors"), method: "POST" },
      { ...get("/contact", "navigate", "document"), method: "POST" },
    ])
      expect(treatmentOf(request, origin), `${request.method} ${request.url}`).toBe("network");
  });

  it("never caches the firm's office: its pages, its scripts and styles, its API", () => {
    for (const request of [
      get("/admin", "navigate", "document"),
      get("/admin/leads?status=new", "navigate", "document"),
      get("/admin/sign-in", "navigate", "document"),
      get("/admin/assets/index-abc.js", "cors", "script"),
      get("/admin/assets/index-abc.css", "no-cors", "style"),
      get("/api/office/leads", "cors"),
    ])
      expect(treatmentOf(request, origin), request.url).toBe("network");
  });

  it("keeps fingerprinted assets, refreshes icons and images, and leaves other sites and other files alone", () => {
    expect(treatmentOf(get("/assets/root-abc123.css", "no-cors", "style"), origin)).toBe("asset");
    expect(treatmentOf(get("/assets/contact-island-abc.js", "cors", "script"), origin)).toBe(
      "asset",
    );
    expect(treatmentOf(get("/favicon.svg", "no-cors", "image"), origin)).toBe("file");
    expect(treatmentOf(get("/site.webmanifest", "cors", "manifest"), origin)).toBe("file");
    // The search's documents, fetched by the search box: kept once used, so search works offline.
    expect(treatmentOf(get("/search-index/fr.json", "cors", ""), origin)).toBe("file");
    expect(treatmentOf(get("/sw.js", "same-origin", "serviceworker"), origin)).toBe("network");
    expect(treatmentOf(get("/blog/feed.xml"), origin)).toBe("network");
    expect(
      treatmentOf({ ...get("/x.png", "no-cors", "image"), url: "https://cdn.test/x.png" }, origin),
    ).toBe("network");
  });

  it("saves a page under its path alone, whatever its query or fragment", () => {
    expect(pageKey(`${origin}/about?utm_source=mail#who-we-are`)).toBe(`${origin}/about`);
    expect(pageKey(`${origin}/`)).toBe(`${origin}/`);
  });
});
