import { describe, expect, it } from "vitest";
import { routePaths } from "../content/index.js";
import { neverCached, offlinePath, serviceWorkerPath } from "./index.js";

describe("service worker", () => {
  it("lives at the site's root, so its scope is the whole site", () => {
    expect(serviceWorkerPath).toBe("/sw.js");
  });

  it("has an offline page outside the route table (not in the sitemap nor the menus)", () => {
    expect(offlinePath).toBe("/offline");
    expect(routePaths).not.toContain(offlinePath);
  });

  it("never caches the API: form posts, unsubscribe and moderation links, admin endpoints", () => {
    for (const path of [
      "/api",
      "/api/contacts",
      "/api/unsubscribe",
      "/api/comments/moderate",
      "/api/admin/personal-data/export",
    ])
      expect(neverCached(path), path).toBe(true);
    for (const path of ["/", "/about", "/apiary", "/blog/api-design", "/offline"])
      expect(neverCached(path), path).toBe(false);
  });

  it("never caches the firm's office: its pages and its assets under /admin", () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/admin/leads",
      "/admin/leads/abc",
      "/admin/assets/index-x.js",
    ])
      expect(neverCached(path), path).toBe(true);
    for (const path of ["/administration", "/blog/admin-costs", "/sw/admin"])
      expect(neverCached(path), path).toBe(false);
  });
});
