import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.2 A and AA, the site's target (axe tags each rule with the versions that require it). */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** One line per violation and one indented line per offending element, readable in a test report. */
export function formatViolations(violations: AxeResults["violations"]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = (node.failureSummary ?? "").replace(/\s+/g, " ").trim();
          return `    - ${node.target.join(" ")}\n      ${node.html.slice(0, 160)}\n      ${summary}`;
        })
        .join("\n");
      return `[${violation.impact ?? "n/a"}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join("\n");
}

/**
 * Runs axe on the page as it is now and fails with every violation listed readably. `where` names
 * the page and state for the report.
 */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  // options() replaces what withTags() set, so it comes first. label-content-name-mismatch is tagged
  // "experimental" by axe and off by default; on here: a link or button whose name leaves out its
  // visible text fails WCAG 2.5.3 (Label in Name) for people who steer by speech.
  //
  // A page without child frames is checked by one axe.run in the page (AxeBuilder's legacy mode). Its
  // default runs axe per frame and then merges the frames' results in a blank page it opens for that,
  // with axe loaded into it again: the same rules on the same document at 1.6 times the cost (2.1 s
  // against 1.3 s a check on a loaded two-core host, and the suites make hundreds). A page with frames (the
  // office's sign-in by a provider's frame, say) keeps the per-frame run, which reaches into every frame.
  //
  // resultTypes: every rule still runs and every violation is reported with all its elements; only the
  // rules that passed or did not apply are summarised by one element each instead of all of them, which
  // axe otherwise spends time finding selectors for (one page, runs alternated, two-core host at load
  // 7-9: / 1.9 s -> 1.4 s, /fr/services 1.3 s -> 0.85 s, /thought-leadership 2.1 s -> 1.6 s).
  const builder = new AxeBuilder({ page })
    .options({
      rules: { "label-content-name-mismatch": { enabled: true } },
      resultTypes: ["violations"],
    })
    .withTags(wcagTags);
  const results = await builder.setLegacyMode(page.frames().length === 1).analyze();
  const count = results.violations.length;
  expect(
    count,
    `${count} axe violation(s) on ${where}:\n${formatViolations(results.violations)}`,
  ).toBe(0);
}
