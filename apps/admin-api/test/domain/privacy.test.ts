import { describe, expect, it } from "vitest";
import { privacyNotice } from "@site/shared/content";
import { privacyMessages } from "@site/shared/messages";
import { blogPosts } from "@site/shared/blog/posts";
import { resolveConsent } from "../../src/common/consent.js";
import { csvField } from "../../src/personal-data/service.js";
import { createUnsubscribeLinks } from "../../src/newsletter/unsubscribe-links.js";

const secret = "s".repeat(40);

describe("unsubscribe links", () => {
  const links = createUnsubscribeLinks({ secret, siteUrl: "https://site.example/" });

  it("carry the subscription id under an HMAC that verifies only with the same secret", () => {
    const url = links.url("sub-123");
    expect(url).toMatch(
      /^https:\/\/site\.example\/api\/unsubscribe\?token=[\w-]+\.[\w-]{43}$/,
    );
    const token = new URL(url).searchParams.get("token") ?? "";
    expect(links.verify(token)).toBe("sub-123");
    const other = createUnsubscribeLinks({
      secret: "t".repeat(40),
      siteUrl: "https://site.example",
    });
    expect(other.verify(token)).toBeNull();
  });

  it("refuse a token for another id, a shortened one and garbage", () => {
    const [, mac] = links.token("sub-123").split(".");
    expect(links.verify(`${Buffer.from("sub-124").toString("base64url")}.${mac}`)).toBeNull();
    expect(links.verify(links.token("sub-123").slice(0, -1))).toBeNull();
    for (const junk of ["", ".", "abc", "a.b.c", `${"A".repeat(500)}.${mac}`]) {
      expect(links.verify(junk)).toBeNull();
    }
  });
});

describe("consent", () => {
  const version = privacyNotice.version;

  it("keeps a known page (trailing slash ignored) and a known notice version", () => {
    expect(resolveConsent({ page: "/services/", noticeVersion: version })).toEqual({
      ok: true,
      consent: { page: "/services", noticeVersion: version },
    });
  });

  it("records a blog post's page, the newsletter form being under every post", () => {
    const post = blogPosts[0]?.slug ?? "";
    expect(resolveConsent({ page: `/blog/${post}` })).toEqual({
      ok: true,
      consent: { page: `/blog/${post}`, noticeVersion: null },
    });
    expect(resolveConsent({ page: "/blog/no-such-post" })).toEqual({
      ok: true,
      consent: { page: null, noticeVersion: null },
    });
  });

  it("falls back to the Referer's path for an unknown or missing page, else null", () => {
    expect(resolveConsent({ page: "/nowhere", refererPath: "/about" })).toEqual({
      ok: true,
      consent: { page: "/about", noticeVersion: null },
    });
    expect(resolveConsent({ refererPath: "/api/subscriptions" })).toEqual({
      ok: true,
      consent: { page: null, noticeVersion: null },
    });
  });

  it("refuses a notice version the site never showed", () => {
    expect(resolveConsent({ page: "/", noticeVersion: "2099-01-01" })).toEqual({
      ok: false,
      fieldErrors: { noticeVersion: privacyMessages.unknownNoticeVersion },
    });
  });
});

describe("CSV fields (RFC 4180, OWASP's CSV injection rule)", () => {
  it("are quoted only when they hold a comma, a quote or a line break, quotes doubled", () => {
    expect(csvField("plain@example.com")).toBe("plain@example.com");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\r\nlines")).toBe('"two\r\nlines"');
  });

  it("a cell starting with = + - @, a tab or a carriage return gets a single quote in front, so no spreadsheet runs it", () => {
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("+254711000000")).toBe("'+254711000000");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1:A2)")).toBe("'@SUM(A1:A2)");
    expect(csvField("\t=1")).toBe("'\t=1");
    expect(csvField("\r=1")).toBe('"\'\r=1"');
  });

  it("neutralises first, then quotes: a formula with a comma or a quote stays one quoted cell", () => {
    expect(csvField('=HYPERLINK("http://evil.example","click"),x@example.com')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""click""),x@example.com"',
    );
    expect(csvField("=cmd|' /C calc'!A0@example.com")).toBe("'=cmd|' /C calc'!A0@example.com");
  });

  it("leaves those characters alone anywhere but at the start", () => {
    expect(csvField("a=b@example.com")).toBe("a=b@example.com");
    expect(csvField("name+tag@example.com")).toBe("name+tag@example.com");
    expect(csvField("")).toBe("");
  });
});
