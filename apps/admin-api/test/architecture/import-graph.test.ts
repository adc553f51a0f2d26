import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const src = resolve(dirname(fileURLToPath(import.meta.url)), "../../src");

/** Every module of src and the modules of src it imports (type-only and dynamic imports included). */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(src, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => join(src, file));
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      const targets = importedFiles
        .map(({ fileName }) => fileName)
        .filter((name) => name.startsWith("."))
        .map((name) => resolve(dirname(file), name.replace(/\.js$/, ".ts")));
      return [relative(src, file), targets.map((target) => relative(src, target))];
    }),
  );
}

/** The first cycle found, as the modules around it; null when the graph has none. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): string[] | null => {
    if (onPath.has(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return null;
    path.push(file);
    onPath.add(file);
    for (const target of graph.get(file) ?? []) {
      const cycle = visit(target);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe("the import graph of src", () => {
  const graph = importGraph();

  it("every relative import names a module of src that exists", () => {
    const missing = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => !graph.has(target)).map((target) => `${file} -> ${target}`),
    );
    expect(missing).toEqual([]);
  });

  it("has no cycles", () => {
    expect(findCycle(graph)).toBeNull();
  });

  it("finds a cycle when there is one (the check itself)", () => {
    const cyclic = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
    ]);
    expect(findCycle(cyclic)).toEqual(["a.ts", "b.ts", "c.ts", "a.ts"]);
  });

  it("no module imports the entry points back: only main.ts imports app.ts, only the commands import cli/", () => {
    const allowed = (file: string, target: string) =>
      target !== "main.ts" &&
      (target !== "app.ts" || file === "main.ts") &&
      (!target.startsWith("cli/") || file.startsWith("cli/"));
    const upward = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => !allowed(file, target)).map((target) => `${file} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });
});
