import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configVariables, loadConfig, repoRoot } from "../../src/config.js";
import { documentedVariables, renderEnvTable, withEnvTable } from "../../src/config-docs.js";

const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
const configurationMd = readFileSync(join(repoRoot, "docs/configuration.md"), "utf8");

describe("the README's table of environment variables", () => {
  it("is the one scripts/env-table.mjs derives from config.ts: every variable, nothing else", () => {
    const table = renderEnvTable(configVariables, configurationMd);
    expect(withEnvTable(readme, table), "run: node apps/admin-api/scripts/env-table.mjs --write").toBe(
      readme,
    );
    for (const variable of configVariables) expect(table).toContain(`\`${variable}\``);
  });

  it("a variable config.ts reads but docs/configuration.md does not explain stops the table", () => {
    expect(() => renderEnvTable([...configVariables, "NEW_SETTING"], configurationMd)).toThrow(
      "not in docs/configuration.md: NEW_SETTING",
    );
    expect(() => renderEnvTable(configVariables.slice(1), configurationMd)).toThrow(
      `not read by config.ts: ${configVariables[0]}`,
    );
  });

  it("each default written as a value is config.ts's default: setting it changes nothing", () => {
    const defaults = loadConfig({});
    const literal = documentedVariables(configurationMd).flatMap((row) => {
      const value = /^`([^`]+)`/.exec(row.defaultValue)?.[1];
      return value !== undefined && row.names.length === 1 && !value.includes("<repo>")
        ? [{ name: row.names[0] as string, value }]
        : [];
    });
    expect(literal.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(["PORT", "MAIL_LEASE_MS", "COMMENT_MIN_FILL_MS", "COMMENT_RATE_LIMIT_PER_POST"]),
    );
    for (const { name, value } of literal)
      expect(loadConfig({ [name]: value }), `${name}=${value}`).toEqual(defaults);
  });
});
