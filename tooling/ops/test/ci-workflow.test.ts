import { validateWorkflow } from "@action-validator/core";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readRepoFile } from "./support/repo.js";

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string | number>;
  if?: string;
}
interface Workflow {
  jobs: Record<string, { steps: Step[] }>;
}

const source = readRepoFile(".github/workflows/ci.yml");
const workflow = parse(source) as Workflow;
const rootPackage = JSON.parse(readRepoFile("package.json")) as { packageManager: string; engines: { node: string } };

const stepsOf = (job: string): Step[] => {
  const found = workflow.jobs[job];
  if (!found) throw new Error(`job ${job} missing`);
  return found.steps;
};
const runs = (job: string): string[] => stepsOf(job).flatMap((step) => (step.run ? [step.run] : []));
const uses = (job: string, action: string): Step | undefined =>
  stepsOf(job).find((step) => step.uses?.startsWith(`${action}@`));

describe(".github/workflows/ci.yml", () => {
  it("is a valid GitHub Actions workflow (the official workflow schema, offline)", () => {
    expect(validateWorkflow(source).errors).toEqual([]);
    // The validator does reject a broken job, so an empty list means something.
    const broken = source.replace("runs-on: ubuntu-24.04", "runs_on: ubuntu-24.04");
    expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0);
  });

  it("sets up the pinned pnpm from package.json (no second version to drift) and Node with the pnpm cache", () => {
    expect(rootPackage.packageManager).toMatch(/^pnpm@\d+\.\d+\.\d+$/);
    expect(uses("test", "pnpm/action-setup")?.with?.["version"]).toBeUndefined();
    const node = uses("test", "actions/setup-node")?.with;
    expect(node?.["cache"]).toBe("pnpm");
    // The major CI runs satisfies the root engines (>= 20.19).
    expect(rootPackage.engines.node).toBe(">=20.19");
    expect(Number(node?.["node-version"])).toBeGreaterThanOrEqual(20);
  });

  it("runs the gates in order: frozen install, build, lint, typecheck, tests, browsers, Lighthouse", () => {
    const commands = runs("test");
    const order = [
      "pnpm install --frozen-lockfile",
      "turbo run build",
      "turbo run lint",
      "turbo run typecheck",
      "turbo run test ",
      "playwright install --with-deps chromium",
      "turbo run test:e2e",
      "npm run perf",
    ].map((needle) => commands.findIndex((command) => command.includes(needle)));
    expect(order.every((index) => index >= 0), JSON.stringify(order)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("gives the ops suite its Firestore emulator, and uploads every report even on failure", () => {
    expect(uses("test", "google-github-actions/setup-gcloud")?.with?.["install_components"]).toBe("cloud-firestore-emulator");
    expect(uses("test", "actions/setup-java")).toBeDefined();
    const upload = uses("test", "actions/upload-artifact");
    expect(upload?.if).toBe("always()");
    const paths = String(upload?.with?.["path"] ?? "").split("\n").map((line) => line.trim());
    expect(paths).toEqual(expect.arrayContaining(["apps/*/test-results/", "packages/*/test-results/", "tooling/*/test-results/", "var/perf/"]));
  });

  it("builds the image and checks the running compose stack where Docker exists", () => {
    const commands = runs("image").join("\n");
    expect(commands).toContain("docker compose up --build --detach --wait");
    expect(commands).toContain("/api/health");
    expect(commands).toContain("localhost:8025/api/v1/messages");
    expect(commands).toContain("docker compose down --volumes");
  });
});
