import { fileURLToPath } from "node:url";
import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { commentThreadHtml } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { translations } from "@site/shared/i18n/translations";
import { makeTestApp } from "../helpers/app.js";
import { fixtureSiteWith } from "../helpers/post-site.js";

const fixtureSite = fileURLToPath(new URL("../fixtures/site", import.meta.url));
const post = blogPosts[0]!;
const french = translations("fr").messages;
const swahili = translations("sw").messages;

/** The fixture build with a post page in Swahili (its thread's slot prerendered empty, in Swahili). */
async function siteWithSwahiliPost(): Promise<string> {
  const empty = commentThreadHtml([], { dateLocale: "sw-KE", messages: swahili.commentMessages });
  return fixtureSiteWith({
    path: `sw/blog/${post.slug}/index.html`,
    html:
      `<!doctype html><html lang="sw"><head><title>${post.title}</title></head><body><main>` +
      `<section>${empty}<input type="hidden" name="formStarted" form="c" data-form-started="" value=""/>` +
      `<form id="c" method="post" action="/api/comments"></form></section></main></body></html>`,
  });
}

describe("the site in its three languages", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>> | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it("answers an unknown French address with the French 404 page, status 404", async () => {
    t = await makeTestApp({ siteDir: fixtureSite });
    const res = await request(t.app).get("/fr/pas-de-page");
    expect(res.status).toBe(404);
    expect(res.text).toContain('<html lang="fr">');
    expect(res.text).toContain("404 - Page introuvable");
    // English addresses keep the English page; a language without its own 404 page falls back to it.
    expect((await request(t.app).get("/no-page")).text).toContain('<html lang="en">');
    expect((await request(t.app).get("/fr/404")).status).toBe(404);
  });

  it("redirects a French blog filter in the query to the French category page", async () => {
    t = await makeTestApp({ siteDir: fixtureSite });
    const res = await request(t.app).get("/fr/blog?category=banking");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/fr/blog/category/banking");
    expect((await request(t.app).get("/sw/blog?category=nothing")).headers.location).toBe(
      "/sw/blog",
    );
  });

  it("fills a Swahili post page's thread in Swahili, with the form's start time", async () => {
    t = await makeTestApp({ siteDir: await siteWithSwahiliPost() });
    const res = await request(t.app).get(`/sw/blog/${post.slug}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(swahili.commentMessages.empty);
    expect(swahili.commentMessages.empty).not.toBe(french.commentMessages.empty);
    expect(res.text).toMatch(/data-form-started="" value="\d+\.[\w-]{43}"/);
  });
});
