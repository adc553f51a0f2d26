import { readFileSync } from "node:fs";
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { messageSources, contentSources, templateMessages } from "./sources.js";
import { catalogueEntries, localePath, locales, splitLocalePath } from "./index.js";
import { properNames } from "./sources.js";
import { translations } from "./translations.js";

const catalogue = (locale: string, name: string): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../locales/${locale}/${name}.json`, import.meta.url), "utf8"),
  );

describe("language paths", () => {
  it("put French and Swahili under a prefix, English at the root, and read them back", () => {
    expect(localePath("en", "/about")).toBe("/about");
    expect(localePath("fr", "/")).toBe("/fr");
    expect(localePath("sw", "/blog/category/banking")).toBe("/sw/blog/category/banking");
    expect(localePath("fr", "mailto:x@y.z")).toBe("mailto:x@y.z");
    for (const locale of locales)
      for (const path of ["/", "/about", "/blog/some-post", "/404"])
        expect(splitLocalePath(localePath(locale, path))).toEqual({ locale, path });
    // A path that merely starts with the letters is English.
    expect(splitLocalePath("/framework")).toEqual({ locale: "en", path: "/framework" });
  });
});

describe("the English catalogue", () => {
  it("is exactly what the English sources say (the build refuses a stale one)", () => {
    for (const [name, tree] of [
      ["messages", messageSources],
      ["content", contentSources],
    ] as const)
      expect(catalogue("en", name)).toEqual(catalogueEntries(tree, templateMessages, properNames));
  });

  it("holds every sentence of the sources: none is kept out by the key it sits under", () => {
    // A value under a key the catalogues take for an address or a name (`link`, `email`...) is never
    // translated: a sentence there would show in English on every page of the other languages.
    const names = new Set(Object.values(properNames));
    // Ids as the catalogues write them: an array's item by its own `id` when it has one.
    const sentences = (value: unknown, id: string, found: Map<string, string>) => {
      if (typeof value === "string") {
        const words = value.split(/\s+/).filter((word) => /\p{L}{2}/u.test(word));
        if (words.length >= 2 && !/^(?:\/|#|https?:|mailto:)/.test(value)) found.set(id, value);
      } else if (Array.isArray(value))
        value.forEach((item: unknown, index) => {
          const key = (item as { id?: unknown } | null)?.id;
          sentences(item, `${id}.${typeof key === "string" ? key : index}`, found);
        });
      else if (value !== null && typeof value === "object")
        for (const [key, item] of Object.entries(value))
          sentences(item, id ? `${id}.${key}` : key, found);
      return found;
    };
    for (const [name, tree] of [
      ["messages", messageSources],
      ["content", contentSources],
    ] as const) {
      const entries = catalogueEntries(tree, templateMessages, properNames);
      const left = [...sentences(tree, "", new Map())]
        .filter(([id, text]) => !(id in entries) && !names.has(text))
        .map(([id]) => id);
      // The firm's registered name is a proper name too, the same in every language.
      expect(left, `${name}: sentences outside the catalogue`).toEqual(
        name === "content" ? ["firm.legalName"] : [],
      );
    }
  });

  it("words each function message's ICU template exactly as the English function does", () => {
    const samples: Record<string, unknown[][]> = {
      "blogMessages.summary": [
        [1, null],
        [6, null],
        [1, "Banking"],
        [3, "Banking"],
      ],
      "commentMessages.count": [[1], [2]],
      "thoughtLeadershipMessages.showing": [
        [1, null],
        [29, null],
        [1, "Economy"],
        [4, "Economy"],
      ],
      "blogMessages.categoryDescription": [
        [1, "Banking", "banking"],
        [2, "Strategy", "strategy"],
      ],
      "siteMessages.rights": [[2025, "Kilima Advisory Limited"]],
      "searchMessages.results": [
        [1, "SACCO"],
        [12, "AfCFTA"],
      ],
    };
    for (const [id, template] of Object.entries(templateMessages)) {
      const fn = id
        .split(".")
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], messageSources);
      expect(typeof fn, id).toBe("function");
      const i18n = setupI18n({
        locale: "en",
        messages: { en: { [id]: compileMessage(template.en) } },
      });
      for (const args of samples[id] ?? [template.params.map((param) => `‹${param}›`)]) {
        const values = Object.fromEntries(
          template.params.map((param, index) => [param, (args[index] ?? "none") as string]),
        );
        expect(i18n._(id, { ...properNames, ...values }), `${id}(${args.join(", ")})`).toBe(
          (fn as (...a: unknown[]) => string)(...args),
        );
      }
    }
  });
});

describe("translations", () => {
  it("have every English key in French and Swahili, and no other", () => {
    for (const name of ["messages", "content"])
      for (const locale of ["fr", "sw"])
        expect(Object.keys(catalogue(locale, name)).sort(), `${locale}/${name}`).toEqual(
          Object.keys(catalogue("en", name)).sort(),
        );
  });

  it("in French, keep : ; ? ! and » on the line of the word before them, and « with the word after", () => {
    // French sets a space before these marks: an ordinary one lets a narrow screen break the line there
    // and start the next with the mark alone.
    for (const name of ["messages", "content"]) {
      const loose = Object.entries(catalogue("fr", name))
        .filter(([, text]) => / [:;?!»]|« /.test(text))
        .map(([id]) => id);
      expect(loose, `fr/${name}`).toEqual([]);
    }
  });

  it("give each language the English trees' shape, with its own words", () => {
    const shape = (tree: unknown): unknown =>
      typeof tree === "function"
        ? "function"
        : Array.isArray(tree)
          ? tree.map(shape)
          : typeof tree === "object" && tree !== null
            ? Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, shape(value)]))
            : typeof tree;
    const french = translations("fr");
    const swahili = translations("sw");
    expect(shape(french.messages)).toEqual(shape(messageSources));
    expect(shape(swahili.content)).toEqual(shape(contentSources));
    expect(french.messages.validationMessages.nameRequired).toBe(
      catalogue("fr", "messages")["validationMessages.nameRequired"],
    );
    expect(french.messages.validationMessages.nameRequired).not.toBe("Name is required");
    // Proper names and links stay; the firm's name is put back into the texts.
    expect(swahili.content.firm.email).toBe(contentSources.firm.email);
    expect(swahili.content.routes.map((route) => route.path)).toEqual(
      contentSources.routes.map((route) => route.path),
    );
    expect(french.content.homeContent.hero.text).toContain(properNames.firmName);
    expect(french.content.homeContent.hero.text).not.toContain("{firmName}");
    // Plurals follow each language's rules.
    expect(swahili.messages.commentMessages.count(1)).not.toBe(
      swahili.messages.commentMessages.count(2),
    );
    expect(french.messages.requestMessages.tooLong(200)).toContain("200");
  });
});
