/**
 * The README's table of environment variables, derived: its rows are config.ts's variables (the zod
 * schema's keys, `configVariables`) in the schema's order, and each row's default, example and secret
 * columns are read from that variable's row in docs/configuration.md, the page that explains each one.
 * scripts/env-table.mjs writes it into the README; test/docs/env-table.test.ts fails when the README,
 * docs/configuration.md and config.ts disagree. Pure string work: the callers read and write the files.
 */

/** The markers around the generated table in the README. */
export const envTableMarkers = {
  start: "<!-- env-table:start (generated from apps/admin-api/src/config.ts by `node apps/admin-api/scripts/env-table.mjs --write`) -->",
  end: "<!-- env-table:end -->",
} as const;

export interface DocumentedVariable {
  /** The variables the row names (one, or two read together such as the project-id fallbacks). */
  names: string[];
  defaultValue: string;
  example: string;
  secret: string;
  description: string;
}

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((cell) => cell.trim());

/** The rows of docs/configuration.md's "The API (run time)" table. */
export function documentedVariables(configurationMd: string): DocumentedVariable[] {
  const section = configurationMd.split(/^## /m).find((part) => part.startsWith("The API"));
  if (!section) throw new Error("docs/configuration.md has no '## The API' section");
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [variables = "", defaultValue = "", example = "", secret = "", description = ""] =
        cells(line);
      const names = [...variables.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1] as string);
      return { names, defaultValue, example, secret, description };
    });
}

/** Pads a table's columns to one width, as Prettier writes Markdown tables. */
function alignedTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) =>
    Math.max(3, ...rows.map((row) => [...(row[column] ?? "")].length)),
  );
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell + " ".repeat(widths[column]! - [...cell].length)).join(" | ")} |`;
  return [
    line(rows[0]!),
    `| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`,
    ...rows.slice(1).map(line),
  ].join("\n");
}

/**
 * The README's table: one row per documented row, in the order config.ts declares the variables.
 * Throws, naming them, when a variable of config.ts is not in docs/configuration.md or the page names
 * one config.ts does not read.
 */
export function renderEnvTable(configVariables: readonly string[], configurationMd: string): string {
  const documented = documentedVariables(configurationMd);
  const named = new Set(documented.flatMap((row) => row.names));
  const undocumented = configVariables.filter((variable) => !named.has(variable));
  const unknown = [...named].filter((variable) => !configVariables.includes(variable));
  if (undocumented.length > 0 || unknown.length > 0)
    throw new Error(
      [
        undocumented.length > 0
          ? `not in docs/configuration.md: ${undocumented.join(", ")}`
          : "",
        unknown.length > 0 ? `not read by config.ts: ${unknown.join(", ")}` : "",
      ]
        .filter(Boolean)
        .join("; "),
    );
  const position = (row: DocumentedVariable) =>
    Math.min(...row.names.map((name) => configVariables.indexOf(name)));
  const rows = [...documented]
    .sort((a, b) => position(a) - position(b))
    .map((row) => [
      row.names.map((name) => `\`${name}\``).join(", "),
      row.defaultValue,
      row.example,
      row.secret,
    ]);
  return alignedTable([["variable", "default", "example", "secret"], ...rows]);
}

/** The README with its table between the markers replaced by `table`. */
export function withEnvTable(readme: string, table: string): string {
  const start = readme.indexOf(envTableMarkers.start);
  const end = readme.indexOf(envTableMarkers.end);
  if (start < 0 || end < start) throw new Error("README.md has no env-table markers");
  return `${readme.slice(0, start)}${envTableMarkers.start}\n\n${table}\n\n${readme.slice(end)}`;
}
