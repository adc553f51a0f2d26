import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const skipped = new Set(["node_modules", "dist", "build", "test-results", "var", ".git", ".turbo"]);

/** README.md files below `dir` (folder READMEs included), skipping dependencies and build output. */
function readmesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return skipped.has(entry.name) ? [] : readmesBelow(join(dir, entry.name));
    return entry.name === "README.md" ? [join(dir, entry.name)] : [];
  });
}

/** The repo's docs: the root README, docs/*.md and every README under apps/, packages/ and tooling/. */
const docs = [
  join(root, "README.md"),
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(root, "docs", name)),
  ...["apps", "packages", "tooling"].flatMap((dir) => readmesBelow(join(root, dir))),
];

/** Relative link targets of a Markdown file: `[text](target)`, without its #anchor. */
function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[^`]*```/g, "");
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] as string)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith("#"))
    .map((target) => target.split("#")[0] as string);
}

describe("the docs' relative links", () => {
  it("reads the docs and finds their links", () => {
    expect(docs.length).toBeGreaterThan(10);
    expect(relativeLinks(readFileSync(join(root, "docs/architecture.md"), "utf8")).length).toBeGreaterThan(50);
    expect(relativeLinks("[a](../b.md#c) [d](https://e) [f](#g) `x` [h](i.ts)")).toEqual(["../b.md", "i.ts"]);
  });

  for (const doc of docs)
    it(`${relative(root, doc)}: every relative link's target exists`, () => {
      const missing = relativeLinks(readFileSync(doc, "utf8")).filter(
        (target) => !existsSync(resolve(dirname(doc), decodeURI(target))),
      );
      expect(missing).toEqual([]);
    });
});
