import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { catalogueLookup } from "./lookup.js";
import { messageSources, properNames, templateMessages } from "./sources.js";

/** The function message at a catalogue id ("mailMessages.welcome.privacyText"). */
function englishFunction(id: string): (...args: unknown[]) => unknown {
  const found = id
    .split(".")
    .reduce<unknown>(
      (node, key) => (node as Record<string, unknown> | undefined)?.[key],
      messageSources,
    );
  if (typeof found !== "function") throw new Error(`${id} is not a function message`);
  return found as (...args: unknown[]) => unknown;
}

/** Numbers for the parameters that count, words (with a space, an apostrophe, an ICU brace) for the rest. */
const sampleValues = (param: string): (string | number)[] =>
  ["count", "max", "minutes", "year"].includes(param) ? [1, 3] : ["Amani O’Neil", "{x}"];

describe("templateMessages", () => {
  const english = Object.fromEntries(
    Object.entries(templateMessages).map(([id, { en }]) => [id, compileMessageOrThrow(en)]),
  );
  const lookup = catalogueLookup("en", english);

  it.each(Object.keys(templateMessages).filter((id) => id.startsWith("mailMessages.")))(
    "%s formats like its English function for every sample value",
    (id) => {
      const template = templateMessages[id];
      if (!template) throw new Error(id);
      const fn = englishFunction(id);
      const [first = "value", ...rest] = template.params;
      for (const value of sampleValues(first)) {
        const args = [value, ...rest.map((param) => sampleValues(param)[0])];
        const values = Object.fromEntries(
          template.params.map((param, index) => [param, args[index] as string | number]),
        );
        expect(lookup(id, { ...properNames, ...values })).toBe(fn(...args));
      }
    },
  );
});
