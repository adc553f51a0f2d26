import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { expertIds } from "../content/experts.js";
import { BlogContentError, buildBlog, todayInNairobi, type BlogSourceFile } from "./load.js";
import { postBody, postLanguages, postText } from "./schema.js";

const options = { today: "2026-11-23", authorIds: ["amani-njoroge"] };

type Fields = Record<string, string | undefined>;

/** A Markdown file: front matter from `fields` (a field set to undefined is left out), then `body`. */
function markdownFile(name: string, fields: Fields, body: string): BlogSourceFile {
  const frontMatter = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${value}`)
    .join("\n");
  return { name, source: `---\n${frontMatter}\n---\n\n${body}\n` };
}

function post(slug: string, fields: Fields = {}, body = "## A heading\n\nSome words here.") {
  return markdownFile(
    `${slug}.md`,
    {
      title: '"A Title"',
      slug: `"${slug}"`,
      date: '"2026-06-09"',
      author: '"amani-njoroge"',
      category: '"BANKING"',
      summary: '"A short summary."',
      tags: '["saccos", "governance"]',
      ...fields,
    },
    body,
  );
}

/** A translation of the post `slug` into `language`, as `<slug>.<language>.md`. */
function translation(
  slug: string,
  language: string,
  fields: Fields = {},
  body = "## Un titre\n\nQuelques mots ici, traduits.",
) {
  return markdownFile(
    `${slug}.${language}.md`,
    {
      title: '"Un titre"',
      slug: `"${slug}"`,
      translated: '"2026-07-01"',
      summary: '"Un court résumé."',
      tags: '["sacco", "gouvernance"]',
      ...fields,
    },
    body,
  );
}

/** The problems buildBlog reports for `files`, as "file: field" strings. */
function problemsOf(files: BlogSourceFile[]): string[] {
  try {
    buildBlog(files, options);
  } catch (error) {
    if (error instanceof BlogContentError)
      return error.problems.map((problem) => `${problem.file}: ${problem.field}`);
    throw error;
  }
  return [];
}

describe("buildBlog", () => {
  it("reads every post of the real folder, newest first, skipping its README", () => {
    const folder = new URL("../../content/blog/", import.meta.url);
    const files = readdirSync(folder).map((name) => ({
      name,
      source: readFileSync(new URL(name, folder), "utf8"),
    }));
    const posts = buildBlog(files, { today: todayInNairobi(), authorIds: expertIds });
    const translationFiles = files.filter((file) => /\.[a-z]{2}\.md$/.test(file.name));
    expect(posts).toHaveLength(files.length - 1 - translationFiles.length);
    expect(posts.reduce((sum, entry) => sum + Object.keys(entry.translations).length, 0)).toBe(
      translationFiles.length,
    );
    expect(posts.map((entry) => entry.date)).toEqual(
      posts
        .map((entry) => entry.date)
        .sort()
        .reverse(),
    );
    for (const entry of posts) {
      expect(entry.html).not.toMatch(/<script|<h1/i);
      expect(entry.readingMinutes).toBeGreaterThanOrEqual(1);
    }
  });

  it("fills the optional fields' defaults and computes reading time", () => {
    const [only] = buildBlog([post("one", {}, "word ".repeat(401))], options);
    expect(only).toMatchObject({ slug: "one", cover: "investment", readingMinutes: 3, words: 401 });
    expect(only).not.toHaveProperty("updated");
  });

  it("names the file and the field of a missing or malformed value", () => {
    expect(
      problemsOf([post("one", { title: undefined, date: '"9 June 2026"', category: '"Banking"' })]),
    ).toEqual([
      "content/blog/one.md: title",
      "content/blog/one.md: date",
      "content/blog/one.md: category",
    ]);
  });

  it("refuses a date after today, an updated date before the post's date, and an unknown author", () => {
    expect(problemsOf([post("one", { date: '"2026-11-24"' })])).toEqual([
      "content/blog/one.md: date",
    ]);
    expect(problemsOf([post("one", { updated: '"2026-01-01"' })])).toEqual([
      "content/blog/one.md: updated",
    ]);
    expect(problemsOf([post("one", { author: '"someone-else"' })])).toEqual([
      "content/blog/one.md: author",
    ]);
    expect(problemsOf([post("one", { date: '"2026-02-30"' })])).toEqual([
      "content/blog/one.md: date",
    ]);
  });

  it("refuses a slug that differs from the file name, and two posts with one slug", () => {
    const renamed = { ...post("one"), name: "other.md" };
    expect(problemsOf([renamed])).toEqual(["content/blog/other.md: slug"]);
    expect(problemsOf([post("one"), { ...post("one"), name: "one-copy.md" }])).toContain(
      "content/blog/one-copy.md: slug",
    );
  });

  it("refuses unknown fields, too many tags, upper-case tags and a body with a # heading", () => {
    expect(problemsOf([post("one", { udpated: '"2026-07-01"' })])).toEqual([
      "content/blog/one.md: front matter",
    ]);
    expect(problemsOf([post("one", { tags: '["a", "b", "c", "d", "e"]' })])).toEqual([
      "content/blog/one.md: tags",
    ]);
    expect(problemsOf([post("one", { tags: '["SACCOs", "b"]' })])).toEqual([
      "content/blog/one.md: tags.0",
    ]);
    expect(problemsOf([post("one", {}, "# Title again\n\ntext")])).toEqual([
      "content/blog/one.md: body",
    ]);
  });

  it("refuses a file without front matter or with broken YAML", () => {
    expect(problemsOf([{ name: "one.md", source: "Just text" }])).toEqual([
      "content/blog/one.md: front matter",
    ]);
    expect(problemsOf([{ name: "one.md", source: '---\ntitle: "unclosed\n---\ntext' }])).toEqual([
      "content/blog/one.md: front matter",
    ]);
  });

  it("says in its message which file and field are wrong", () => {
    expect(() => buildBlog([post("one", { date: '"2030-01-01"' })], options)).toThrow(
      "content/blog/one.md: date: 2030-01-01 is in the future (today is 2026-11-23)",
    );
  });
});

describe("buildBlog's translations", () => {
  it("attaches <slug>.fr.md to its English post, with its own words, body and reading time", () => {
    const [only] = buildBlog(
      [
        post("one"),
        translation("one", "fr", {}, "## Qu’est-ce qui change ?\n\n" + "mot ".repeat(450)),
      ],
      options,
    );
    expect(only?.title).toBe("A Title");
    expect(only?.translations.fr).toMatchObject({
      lang: "fr",
      title: "Un titre",
      summary: "Un court résumé.",
      tags: ["sacco", "gouvernance"],
      translated: "2026-07-01",
      readingMinutes: 3,
      headings: [{ id: "quest-ce-qui-change", text: "Qu’est-ce qui change ?", level: 2 }],
    });
    expect(only?.translations.fr?.html).toContain('<h2 id="quest-ce-qui-change">');
    expect(only?.translations.sw).toBeUndefined();
  });

  it("tells a screen reader in the translation's language that a link goes to another site", () => {
    const link = "Voir [la SASRA](https://www.sasra.go.ke).\n";
    const [only] = buildBlog(
      [
        post("one", {}, "See [the regulator](https://www.sasra.go.ke).\n"),
        translation("one", "fr", {}, link),
        translation("one", "sw", {}, link),
      ],
      options,
    );
    expect(only?.html).toContain(
      '<span class="visually-hidden"> (external link, opens in a new tab)</span>',
    );
    expect(only?.translations.fr?.html).toContain(
      '<span class="visually-hidden"> (lien externe, s’ouvre dans un nouvel onglet)</span>',
    );
    expect(only?.translations.sw?.html).toContain(
      '<span class="visually-hidden"> (kiungo cha nje, kinafunguka kwenye kichupo kipya)</span>',
    );
  });

  it("shows a page in each language the translation into it, else the English", () => {
    const [only] = buildBlog(
      [post("one"), translation("one", "sw", { title: '"Kichwa"' })],
      options,
    );
    if (!only) throw new Error("no post");
    const summary = { ...only, translations: { sw: only.translations.sw! } };
    expect(postText(summary, "sw")).toMatchObject({ lang: "sw", title: "Kichwa" });
    expect(postText(summary, "fr")).toMatchObject({ lang: "en", title: "A Title" });
    expect(postText(summary, "en")).toMatchObject({ lang: "en", title: "A Title" });
    expect(postLanguages(summary)).toEqual(["en", "sw"]);
    const bodies = { ...only, translations: { sw: only.translations.sw! } };
    expect(postBody(bodies, "sw").html).toContain("Quelques mots ici");
    expect(postBody(bodies, "fr").html).toContain("Some words here");
  });

  it("refuses a translation without its English post, in a language the site lacks, or with another slug", () => {
    expect(problemsOf([translation("nothing", "fr")])).toEqual([
      "content/blog/nothing.fr.md: slug",
    ]);
    expect(problemsOf([post("one"), translation("one", "de")])).toEqual([
      "content/blog/one.de.md: file name",
    ]);
    expect(problemsOf([post("one"), translation("one", "en")])).toEqual([
      "content/blog/one.en.md: file name",
    ]);
    expect(problemsOf([post("one"), { ...translation("one", "fr"), name: "two.fr.md" }])).toEqual([
      "content/blog/two.fr.md: slug",
    ]);
  });

  it("refuses a translation older than its English post's update, or dated in the future", () => {
    const updated = post("one", { updated: '"2026-08-01"' });
    expect(problemsOf([updated, translation("one", "fr", { translated: '"2026-07-15"' })])).toEqual(
      ["content/blog/one.fr.md: translated"],
    );
    expect(() =>
      buildBlog([updated, translation("one", "fr", { translated: '"2026-07-15"' })], options),
    ).toThrow(
      "is before the English post's update of 2026-08-01: bring the translation up to date",
    );
    expect(problemsOf([updated, translation("one", "fr", { translated: '"2026-08-01"' })])).toEqual(
      [],
    );
    expect(
      problemsOf([post("one"), translation("one", "fr", { translated: '"2026-12-01"' })]),
    ).toEqual(["content/blog/one.fr.md: translated"]);
  });

  it("refuses a translation's unknown fields (date and author are the original's), empty body or # heading", () => {
    expect(
      problemsOf([post("one"), translation("one", "fr", { author: '"amani-njoroge"' })]),
    ).toEqual(["content/blog/one.fr.md: front matter"]);
    expect(problemsOf([post("one"), translation("one", "fr", {}, "")])).toEqual([
      "content/blog/one.fr.md: body",
    ]);
    expect(problemsOf([post("one"), translation("one", "fr", {}, "# Titre\n\ntexte")])).toEqual([
      "content/blog/one.fr.md: body",
    ]);
  });

  it("lists only the English post's problems when it cannot be read, not its translation's", () => {
    expect(problemsOf([post("one", { author: '"nobody"' }), translation("one", "fr")])).toEqual([
      "content/blog/one.md: author",
    ]);
  });
});

describe("todayInNairobi", () => {
  it("is the date in Nairobi (UTC+3), not in UTC", () => {
    expect(todayInNairobi(new Date("2026-11-23T22:30:00Z"))).toBe("2026-11-24");
  });
});
