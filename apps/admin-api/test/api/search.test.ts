import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchDocument } from "@site/shared/search";
import { siteManifestFile } from "@site/shared/site";
import { makeTestApp } from "../helpers/app.js";

const fixtureSite = fileURLToPath(new URL("../fixtures/site", import.meta.url));

/** A results page as the web build prerenders it: the box with its empty value, the slot with its invitation. */
const searchPage = (lang: string, intro: string) =>
  `<!DOCTYPE html><html lang="${lang}"><head><title>Search</title></head><body><main>` +
  `<form action="/search" data-search="/search-index/${lang}.json"><input type="search" name="q" data-search-query="" value=""/></form>` +
  `<div class="search-page__results" data-search-results=""><p>${intro}</p></div>` +
  `</main></body></html>`;

const documents: Record<string, SearchDocument[]> = {
  en: [
    {
      id: "/blog/sacco-boards",
      url: "/blog/sacco-boards",
      title: "SACCO Boards and Digital Lending",
      page: "Blog",
      text: "When a SACCO's loans are approved by a system in seconds, the board still owns every decision.",
    },
    {
      id: "/services#economic",
      url: "/services#economic",
      title: "Economic, Market & Innovation",
      page: "Services",
      text: "Market studies for the AfCFTA and regional economies.",
    },
  ],
  fr: [
    {
      id: "/fr/blog/sacco-boards",
      url: "/fr/blog/sacco-boards",
      title: "Les conseils des SACCO et le crédit numérique",
      page: "Blog",
      text: "Quand les prêts d’une SACCO sont approuvés en quelques secondes, le conseil d’administration reste responsable de l’économie de chaque décision.",
    },
  ],
  sw: [
    {
      id: "/sw/blog/sacco-boards",
      url: "/sw/blog/sacco-boards",
      title: "Bodi za SACCO na mikopo ya kidijitali",
      page: "Blogu",
      text: "Mikopo ya SACCO inapoidhinishwa na mfumo kwa sekunde chache, bodi bado inawajibika kwa kila uamuzi.",
    },
  ],
};

/** The fixture build with a results page and documents in each language, listed in its manifest. */
async function siteWithSearch(): Promise<string> {
  const site = await mkdtemp(join(tmpdir(), "site-search-"));
  await cp(fixtureSite, site, { recursive: true });
  const manifestPath = join(site, siteManifestFile);
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as {
    pages: Record<string, { inlineScriptHashes: string[] }>;
  };
  for (const [lang, folder, intro] of [
    ["en", "search", "Search our services."],
    ["fr", "fr/search", "Recherchez parmi nos services."],
    ["sw", "sw/search", "Tafuta huduma zetu."],
  ] as const) {
    await mkdir(join(site, folder), { recursive: true });
    await writeFile(join(site, folder, "index.html"), searchPage(lang, intro));
    manifest.pages[`${folder}/index.html`] = { inlineScriptHashes: [] };
  }
  await writeFile(manifestPath, JSON.stringify(manifest));
  await mkdir(join(site, "search-index"), { recursive: true });
  for (const [lang, list] of Object.entries(documents))
    await writeFile(join(site, "search-index", `${lang}.json`), JSON.stringify(list));
  return site;
}

describe("GET /search?q= (search without JavaScript)", () => {
  let site: string;
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    site = await siteWithSearch();
    t = await makeTestApp({ siteDir: site });
  });
  afterAll(async () => {
    await t.cleanup();
    await rm(site, { recursive: true, force: true });
  });

  it("answers the results page with the query in its box and each result's link, page and marked words", async () => {
    const res = await request(t.app).get("/search").query({ q: "sacco" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    // A public page, as the pages it is made from (http/site/policy.ts, publicSiteHeaders).
    expect(res.headers["cross-origin-opener-policy"]).toBeUndefined();
    expect(res.headers["cross-origin-resource-policy"]).toBeUndefined();
    expect(res.text).toContain('data-search-query="" value="sacco"');
    expect(res.text).toContain(
      '<p class="site-search__status" role="status">1 result for “sacco”</p>',
    );
    expect(res.text).toContain(
      '<a class="search-result__link" href="/blog/sacco-boards">SACCO Boards and Digital Lending</a>',
    );
    expect(res.text).toContain('<span class="search-result__page">Blog</span>');
    expect(res.text).toContain("When a <mark>SACCO</mark>&#39;s loans");
    // The slot's invitation is replaced, the rest of the page kept.
    expect(res.text).not.toContain("Search our services.");
    expect(res.text).toContain("</main></body></html>");
  });

  it("searches each language's own pages and answers in that language, a translated post found by a word of its translation, accents folded", async () => {
    const fr = await request(t.app).get("/fr/search").query({ q: "economie credit" });
    expect(fr.status).toBe(200);
    // French sets no-break spaces inside its quotation marks.
    expect(fr.text).toContain("1 résultat pour «\u00a0economie credit\u00a0»");
    expect(fr.text).toContain('href="/fr/blog/sacco-boards"');
    expect(fr.text).toContain("<mark>économie</mark>");
    const sw = await request(t.app).get("/sw/search").query({ q: "mikopo" });
    expect(sw.text).toContain('href="/sw/blog/sacco-boards"');
    expect(sw.text).toContain("<mark>Mikopo</mark>");
    // English pages know no French word.
    const en = await request(t.app).get("/search").query({ q: "conseil" });
    expect(en.text).toContain("Nothing on this site matches “conseil”. Try another word.");
  });

  it("says so when a word appears nowhere, with no list", async () => {
    const res = await request(t.app).get("/sw/search").query({ q: "xylophone" });
    expect(res.status).toBe(200);
    expect(res.text).toContain(
      '<p class="site-search__status" role="status">Hakuna kitu kwenye tovuti hii kinacholingana na “xylophone”. Jaribu neno lingine.</p>',
    );
    expect(res.text).not.toContain('class="search-results"');
  });

  it("escapes the query wherever it is shown", async () => {
    const res = await request(t.app).get("/search").query({ q: '"><script>alert(1)</script>' });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("<script>alert(1)");
    expect(res.text).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it("without a query, or with one that is not text, serves the page as built", async () => {
    for (const query of [{}, { q: "   " }, { q: ["a", "b"] }]) {
      const res = await request(t.app).get("/fr/search").query(query);
      expect(res.status).toBe(200);
      expect(res.text).toContain("Recherchez parmi nos services.");
      expect(res.headers["x-robots-tag"]).toBeUndefined();
    }
  });
});
