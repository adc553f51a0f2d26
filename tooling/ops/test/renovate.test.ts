import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readRepoFile } from "./support/repo.js";

interface PackageRule {
  matchPackageNames?: string[];
  matchDepTypes?: string[];
  matchDatasources?: string[];
  matchManagers?: string[];
  groupName?: string;
  allowedVersions?: string;
}

const renovate = JSON.parse(readRepoFile(".github/renovate.json")) as {
  constraints: Record<string, string>;
  constraintsFiltering: string;
  packageRules: PackageRule[];
};
const workspace = parse(readRepoFile("pnpm-workspace.yaml")) as { catalog: Record<string, string> };
const rootPackage = JSON.parse(readRepoFile("package.json")) as { packageManager: string; engines: { node: string } };
const catalogNames = Object.keys(workspace.catalog);

describe(".github/renovate.json", () => {
  it("groups the pnpm catalog's minor and patch updates into one pull request", () => {
    const catalogRule = renovate.packageRules.find(
      (rule) => rule.matchDepTypes?.includes("pnpm.catalog.default") && rule.groupName !== undefined,
    );
    expect(catalogRule?.groupName).toMatch(/catalog/);
  });

  it("only offers versions that run on the Node and pnpm the project pins", () => {
    expect(renovate.constraints["node"]).toBe(rootPackage.engines.node);
    expect(`pnpm@${renovate.constraints["pnpm"]}`).toBe(rootPackage.packageManager);
    expect(renovate.constraintsFiltering).toBe("strict");
  });

  it("names only packages that are in the catalog (a renamed entry would silently leave its group)", () => {
    const named = renovate.packageRules
      .filter((rule) => rule.matchDatasources === undefined && rule.matchManagers === undefined)
      .flatMap((rule) => rule.matchPackageNames ?? [])
      .filter((name) => name !== "pnpm");
    for (const name of named) {
      const prefix = name.includes("{") ? name.slice(0, name.indexOf("{")) : undefined;
      const found = prefix === undefined ? catalogNames.includes(name) : catalogNames.some((entry) => entry.startsWith(prefix));
      expect(found, name).toBe(true);
    }
  });
});
