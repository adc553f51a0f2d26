import { describe, expect, it } from "vitest";
import { firm } from "./firm.js";
import { routeById } from "./navigation.js";
import { isPrivacyNoticeVersion, privacyNotice } from "./privacy.js";

describe("privacy notice", () => {
  it("its current version is a date and the first of the versions the site has shown", () => {
    expect(privacyNotice.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(privacyNotice.versions[0]).toBe(privacyNotice.version);
    expect(new Set(privacyNotice.versions).size).toBe(privacyNotice.versions.length);
  });

  it("says what is stored, why, for how long, who receives it, how to see/correct/erase it, and no cookies", () => {
    expect(privacyNotice.sections.map((section) => section.id)).toEqual([
      "what-we-store",
      "why",
      "how-long",
      "who-receives-it",
      "your-rights",
      "cookies",
    ]);
    const text = (id: string) =>
      privacyNotice.sections.find((section) => section.id === id)?.items.join(" ") ?? "";
    expect(text("what-we-store")).toMatch(/contact form/);
    expect(text("what-we-store")).toMatch(/newsletter/);
    expect(text("what-we-store")).toMatch(/version of this notice/);
    expect(text("how-long")).toMatch(/90 days/);
    expect(text("who-receives-it")).toMatch(/email provider/);
    expect(text("who-receives-it")).toMatch(/Google Cloud Firestore/);
    expect(text("your-rights")).toContain(firm.email);
    expect(text("cookies")).toMatch(/no cookies/);
  });

  it("isPrivacyNoticeVersion accepts the versions shown and nothing else", () => {
    expect(isPrivacyNoticeVersion(privacyNotice.version)).toBe(true);
    expect(isPrivacyNoticeVersion("2020-01-01")).toBe(false);
    expect(isPrivacyNoticeVersion(undefined)).toBe(false);
    expect(isPrivacyNoticeVersion(20261123)).toBe(false);
  });

  it("is a prerendered route kept out of the menus", () => {
    expect(routeById("privacy")).toMatchObject({ path: "/privacy", inMenus: false });
  });
});
