// Writes (--write) or checks the README's table of environment variables, derived from config.ts's
// variables and docs/configuration.md's rows (src/config-docs.ts). Reads the build: run it after
// `pnpm --filter @site/admin-api build`. The same check runs in `npm test` (test/docs/env-table.test.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { configVariables, repoRoot } from "../dist/config.js";
import { renderEnvTable, withEnvTable } from "../dist/config-docs.js";

const readmePath = join(repoRoot, "README.md");
const readme = readFileSync(readmePath, "utf8");
const table = renderEnvTable(configVariables, readFileSync(join(repoRoot, "docs/configuration.md"), "utf8"));
const next = withEnvTable(readme, table);
if (process.argv.includes("--write")) {
  writeFileSync(readmePath, next);
  console.log(`env-table: README.md lists ${configVariables.length} variables`);
} else if (next !== readme) {
  console.error("env-table: README.md's table differs from config.ts; run with --write");
  process.exit(1);
} else {
  console.log("env-table: README.md agrees with config.ts");
}
