// Reads the site's source: every word a visitor reads or hears comes from the shared catalogues, so it
// is translated. A word written into a component (JSX text, or a label, title, alt or placeholder given as
// a string) would show in English on the French and Swahili pages.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const app = fileURLToPath(new URL("../app/", import.meta.url));

/** The components' files: every .tsx under app/ but the tests. */
function componentFiles(dir = app): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(path);
    return entry.name.endsWith(".tsx") && !entry.name.includes(".test.") ? [path] : [];
  });
}

/** Attributes whose text is read aloud or shown. */
const spokenAttributes = new Set(["aria-label", "title", "alt", "placeholder"]);
const hasWord = (text: string) => /\p{L}{2}/u.test(text);

/** Each written-in word of `file`, as "path:line text". */
function wordsIn(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const at = (node: ts.Node, text: string) =>
    found.push(
      `${relative(app, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${JSON.stringify(text.trim())}`,
    );
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWord(node.text)) at(node, node.text);
    if (
      ts.isJsxAttribute(node) &&
      spokenAttributes.has(node.name.getText(source)) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      hasWord(node.initializer.text)
    )
      at(node, node.initializer.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the site's components", () => {
  it("write no words of their own: what a visitor reads comes from the catalogues", () => {
    const files = componentFiles();
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(wordsIn)).toEqual([]);
  });
});
