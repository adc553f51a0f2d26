import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { catalogueEntries } from "@site/shared/i18n";
import { catalogueLookup } from "@site/shared/i18n/lookup";
import { describe, expect, it } from "vitest";
import { officeText } from "./en";
import { officeTemplates } from "./templates";

/** The English function message at a catalogue id ("inbox.shown"). */
function englishFunction(id: string): (...args: unknown[]) => unknown {
  const found = id
    .split(".")
    .reduce<unknown>(
      (node, key) => (node as Record<string, unknown> | undefined)?.[key],
      officeText,
    );
  if (typeof found !== "function") throw new Error(`${id} is not a function message`);
  return found as (...args: unknown[]) => unknown;
}

const numeric = new Set(["count", "minutes", "hours", "days"]);
const samples = (param: string): (string | number)[] =>
  numeric.has(param) ? [0, 1, 3] : ["Amani O’Neil", "{x}"];

describe("the office's catalogue", () => {
  it("every text has a catalogue id and every function message an ICU template (what a translation needs)", () => {
    const entries = catalogueEntries(officeText, officeTemplates, {
      firmName: "\u0000",
      founderName: "\u0000",
    });
    expect(entries["inbox.heading"]).toBe("Leads");
    expect(entries["inbox.shown"]).toBe(officeTemplates["inbox.shown"]?.en);
    expect(Object.keys(entries).length).toBeGreaterThan(100);
  });

  const english = Object.fromEntries(
    Object.entries(officeTemplates).map(([id, { en }]) => [id, compileMessageOrThrow(en)]),
  );
  const lookup = catalogueLookup("en", english);

  it.each(Object.keys(officeTemplates))(
    "%s formats like its English function for every sample value",
    (id) => {
      const template = officeTemplates[id];
      if (!template) throw new Error(id);
      const fn = englishFunction(id);
      const [first = "value", ...rest] = template.params;
      for (const value of samples(first)) {
        const args = [value, ...rest.map((param) => samples(param)[1] ?? samples(param)[0])];
        const values = Object.fromEntries(
          template.params.map((param, index) => [param, args[index] as string | number]),
        );
        expect(lookup(id, values)).toBe(fn(...args));
      }
    },
  );
});
