import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { expertIds } from "../content/experts.js";
import { BlogContentError, buildBlog, todayInNairobi, type BlogSourceFile } from "./load.js";

const options = { today: "2026-11-23", authorIds: ["amani-njoroge"] };

function post(
  slug: string,
  fields: Record<string, string | undefined> = {},
  body = "## A heading\n\nSome words here.",
) {
  const all: Record<string, string | undefined> = {
    title: '"A Title"',
    slug: `"${slug}"`,
    date: '"2026-06-09"',
    author: '"amani-njoroge"',
    category: '"BANKING"',
    summary: '"A short summary."',
    tags: '["saccos", "governance"]',
    ...fields,
  };
  const frontMatter = Object.entries(all)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${value}`)
    .join("\n");
  return { name: `${slug}.md`, source: `---\n${frontMatter}\n---\n\n${body}\n` };
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
    expect(posts).toHaveLength(files.length - 1);
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

describe("todayInNairobi", () => {
  it("is the date in Nairobi (UTC+3), not in UTC", () => {
    expect(todayInNairobi(new Date("2026-11-23T22:30:00Z"))).toBe("2026-11-24");
  });
});
