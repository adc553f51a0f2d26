// The French and Swahili editions as the build wrote them: every page in each language, read as served
// (no script runs). The English catalogue is the yardstick: a French or Swahili page must not show any
// English text of the site's own (posts and articles, marked lang="en", keep their language).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { blogPaths, blogSubpagePaths, postLanguages, postText } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { articles, firm, notFoundPath, routePaths } from "@site/shared/content";
import {
  intlLocales,
  type Locale,
  localePath,
  locales,
  trimTrailingSlashes,
} from "@site/shared/i18n";
import { offlinePath } from "@site/shared/service-worker";
import { htmlFile, parse } from "./built-pages";

const here = dirname(fileURLToPath(import.meta.url));
const catalogues = join(here, "..", "..", "..", "packages", "shared", "locales");
const siteUrl = trimTrailingSlashes(process.env.VITE_SITE_URL?.trim() || firm.siteUrl);

function catalogue(locale: Locale): Record<string, string> {
  return Object.assign(
    {},
    ...readdirSync(join(catalogues, locale))
      // The catalogues, not the record of the English each translation was made from.
      .filter((name) => name.endsWith(".json") && name !== "translated-from.json")
      .map((name) => JSON.parse(readFileSync(join(catalogues, locale, name), "utf8"))),
  );
}
const english = catalogue("en");

/**
 * The English texts that must not appear on a page in `locale`: every English catalogue text without
 * placeholders whose translation differs (a word both languages share, "Services", "Blog", is fine).
 */
function englishOnly(locale: Locale): Set<string> {
  const translated = catalogue(locale);
  return new Set(
    Object.entries(english)
      .filter(([id, text]) => !text.includes("{") && translated[id] !== text)
      .map(([, text]) => text.trim()),
  );
}

/** Every text node and label attribute a visitor meets, outside parts marked as English. */
function visibleTexts(doc: Document): string[] {
  const texts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      const text = node.textContent?.trim();
      if (text) texts.push(text);
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as Element;
    if (["SCRIPT", "STYLE", "TEMPLATE"].includes(element.tagName)) return;
    if (element.getAttribute("lang") === "en") return;
    for (const name of ["aria-label", "alt", "title", "placeholder"]) {
      const value = element.getAttribute(name)?.trim();
      if (value) texts.push(value);
    }
    element.childNodes.forEach(walk);
  };
  walk(doc.body);
  return texts;
}

/** A post page's links to the post in its other languages, as [hreflang, href]. */
const otherLanguageLinks = (doc: Document) =>
  [...doc.querySelectorAll(".post__languages a")].map((link) => [
    link.getAttribute("hreflang"),
    link.getAttribute("href"),
  ]);

/** A post page's BlogPosting structured data. */
function postingData(doc: Document): Record<string, unknown> {
  const data = [...doc.querySelectorAll('script[type="application/ld+json"]')]
    .map((script) => JSON.parse(script.textContent ?? "{}") as Record<string, unknown>)
    .find((entry) => entry["@type"] === "BlogPosting");
  if (!data) throw new Error("no BlogPosting data");
  return data;
}

/** Proper names, the same in every language: the firm's, its founder's, the outlets'. */
const properNames = new Set([
  firm.name,
  firm.founderName,
  ...articles.map((article) => article.description),
]);
/** Two words or more (of two letters at least), and not a proper name. */
const isSentence = (text: string) =>
  text.split(/\s+/).filter((word) => /\p{L}{2}/u.test(word)).length >= 2 && !properNames.has(text);

const englishPaths = [...routePaths, ...blogSubpagePaths(blogPosts), offlinePath, notFoundPath];

describe.each(locales.filter((locale) => locale !== "en"))("the %s edition", (locale) => {
  const forbidden = englishOnly(locale);

  it("has every page of the English site, each declaring its language", () => {
    expect(existsSync(htmlFile(localePath(locale, "/")))).toBe(true);
    for (const path of englishPaths) {
      const doc = parse(localePath(locale, path));
      expect(doc.documentElement.getAttribute("lang"), path).toBe(locale);
    }
  });

  it.each(englishPaths)(`%s shows no English text of the site's own`, (path) => {
    const doc = parse(localePath(locale, path));
    const leftovers = visibleTexts(doc).filter((text) => forbidden.has(text));
    expect(leftovers).toEqual([]);
    // And its title and description are translated too.
    expect(forbidden.has(doc.title.replace(` | ${firm.name}`, ""))).toBe(false);
  });

  // What the catalogue check above cannot see: a sentence written into a page's code, or one the
  // catalogues leave out (a text under a key they read as an address).
  it.each(englishPaths)(`%s shows no sentence of its English page`, (path) => {
    const english = new Set(visibleTexts(parse(path)).filter(isSentence));
    const leftovers = visibleTexts(parse(localePath(locale, path))).filter(
      (text) => isSentence(text) && english.has(text),
    );
    expect(leftovers).toEqual([]);
  });

  it("keeps every link to a page of the site in the same language", () => {
    for (const path of englishPaths) {
      const doc = parse(localePath(locale, path));
      const hrefs = [...doc.querySelectorAll("a[href^='/']")]
        // A link that says it leads to another language (the switcher, a post's other languages) may;
        // the blog's feed is one, in English, for every edition.
        .filter(
          (link) =>
            (link.getAttribute("hreflang") ?? locale) === locale &&
            !link.getAttribute("href")?.endsWith(".xml"),
        )
        .map((link) => link.getAttribute("href") ?? "");
      for (const href of hrefs)
        expect(href, `${path} links ${href}`).toMatch(new RegExp(`^/${locale}(/|#|$)`));
    }
  });

  it("names its own URL as canonical, the other two languages and x-default as alternates", () => {
    const doc = parse(localePath(locale, "/about"));
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      `${siteUrl}/${locale}/about`,
    );
    const alternates = [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
      link.getAttribute("hreflang"),
      link.getAttribute("href"),
    ]);
    expect(alternates).toEqual([
      ["en", `${siteUrl}/about`],
      ["fr", `${siteUrl}/fr/about`],
      ["sw", `${siteUrl}/sw/about`],
      ["x-default", `${siteUrl}/about`],
    ]);
  });

  it("the language switcher leads to the same page in each language, and marks this one", () => {
    const doc = parse(localePath(locale, "/services"));
    const links = [...doc.querySelectorAll(".site-header__top .languages a")].map((link) => [
      link.getAttribute("hreflang"),
      link.getAttribute("href"),
      link.getAttribute("aria-current"),
    ]);
    expect(links).toEqual([
      ["en", "/services", null],
      ["fr", "/fr/services", locale === "fr" ? "true" : null],
      ["sw", "/sw/services", locale === "sw" ? "true" : null],
    ]);
  });

  it("marks posts and articles, written in English, as English and says so", () => {
    const post = blogPosts.find((candidate) => !candidate.translations[locale]);
    if (!post) throw new Error("no post without a translation");
    const doc = parse(localePath(locale, `/blog/${post.slug}`));
    expect(doc.querySelector("h1")?.getAttribute("lang")).toBe("en");
    expect(doc.querySelector(".post__body")?.getAttribute("lang")).toBe("en");
    expect(doc.querySelector(".post__language")?.textContent).toBe(
      catalogue(locale)["blogMessages.writtenInEnglish"],
    );
    const articles = parse(localePath(locale, "/thought-leadership"));
    expect(articles.querySelector(".tl-card__title")?.getAttribute("lang")).toBe("en");
  });

  it("shows a post translated into its language in that language, says it is a translation and links the others", () => {
    const translated = blogPosts.filter((candidate) => candidate.translations[locale]);
    expect(translated.length, `no post translated into ${locale}`).toBeGreaterThan(0);
    for (const post of translated) {
      const text = postText(post, locale);
      const doc = parse(localePath(locale, blogPaths.post(post.slug)));
      expect(doc.querySelector("h1")?.textContent).toBe(text.title);
      expect(doc.querySelector("h1")?.hasAttribute("lang")).toBe(false);
      expect(doc.querySelector(".post__body")?.hasAttribute("lang")).toBe(false);
      expect(doc.title).toBe(`${text.title} | ${firm.name}`);
      const notes = [...doc.querySelectorAll(".post__language")].map((note) => note.textContent);
      expect(notes).toContain(catalogue(locale)["blogMessages.translatedFromEnglish"]);
      expect(notes).not.toContain(catalogue(locale)["blogMessages.writtenInEnglish"]);
      const others = postLanguages(post).filter((language) => language !== locale);
      expect(otherLanguageLinks(doc)).toEqual(
        others.map((language) => [language, localePath(language, blogPaths.post(post.slug))]),
      );
      const data = postingData(doc);
      expect(data.inLanguage).toBe(intlLocales[locale]);
      // Its section is the category as the page names it (the Open Graph tag's), not the category's key.
      expect(data.articleSection).toBe(
        doc.querySelector('meta[property="article:section"]')?.getAttribute("content"),
      );
      expect(data.articleSection).toBe(catalogue(locale)[`categoryNames.${post.category}`]);
      expect(data.translationOfWork).toEqual({
        "@id": `${siteUrl}${blogPaths.post(post.slug)}#post`,
      });
      // Its card on the blog's index is in this language too.
      const card = [
        ...parse(localePath(locale, blogPaths.index)).querySelectorAll(".blog-card"),
      ].find((candidate) =>
        candidate.querySelector("a")?.getAttribute("href")?.endsWith(`/${post.slug}`),
      );
      expect(card?.querySelector(".blog-card__title")?.textContent).toBe(text.title);
      expect(card?.querySelector(".blog-card__title")?.hasAttribute("lang")).toBe(false);
    }
  });

  it("on an English post shown here, links the translations it has in other languages", () => {
    for (const post of blogPosts.filter((candidate) => !candidate.translations[locale])) {
      const doc = parse(localePath(locale, blogPaths.post(post.slug)));
      const elsewhere = postLanguages(post).filter((language) => language !== "en");
      expect(otherLanguageLinks(doc), post.slug).toEqual(
        elsewhere.map((language) => [language, localePath(language, blogPaths.post(post.slug))]),
      );
    }
  });
});

describe("a translated post's English page", () => {
  it("links each translation, marked with its language, and names them in its structured data", () => {
    const translated = blogPosts.filter((post) => Object.keys(post.translations).length > 0);
    expect(translated.length).toBeGreaterThan(0);
    for (const post of translated) {
      const doc = parse(blogPaths.post(post.slug));
      const languages = postLanguages(post).filter((language) => language !== "en");
      expect(otherLanguageLinks(doc)).toEqual(
        languages.map((language) => [language, localePath(language, blogPaths.post(post.slug))]),
      );
      const data = postingData(doc);
      expect(data.inLanguage).toBe("en-GB");
      expect(data.workTranslation).toEqual(
        languages.map((language) => ({
          "@id": `${siteUrl}${localePath(language, blogPaths.post(post.slug))}#post`,
        })),
      );
    }
  });
});
