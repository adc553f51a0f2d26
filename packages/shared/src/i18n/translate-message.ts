import { messageSources, type MessageTree } from "./message-sources.js";

/** A sentinel no message contains: a function message called with it shows where its parameters go. */
const slot = "\u0000";

type Entry =
  | { kind: "text"; path: string[] }
  | { kind: "template"; path: string[]; pattern: RegExp; params: number };

function entriesOf(
  tree: unknown,
  path: string[] = [],
  out: Map<string, Entry> = new Map(),
  templates: Entry[] = [],
) {
  if (typeof tree === "string") {
    if (!out.has(tree)) out.set(tree, { kind: "text", path });
  } else if (typeof tree === "function") {
    const fn = tree as (...args: string[]) => unknown;
    const params = fn.length;
    const sample = fn(...Array.from({ length: params }, () => slot));
    if (typeof sample === "string" && params > 0) {
      const source = sample
        .split(slot)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join("(.+?)");
      templates.push({ kind: "template", path, pattern: new RegExp(`^${source}$`), params });
    }
  } else if (typeof tree === "object" && tree !== null) {
    for (const [key, value] of Object.entries(tree))
      entriesOf(value, [...path, key], out, templates);
  }
  return { texts: out, templates };
}

let index: ReturnType<typeof entriesOf> | undefined;

function at(tree: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>(
    (node, key) =>
      typeof node === "object" && node !== null
        ? (node as Record<string, unknown>)[key]
        : undefined,
    tree,
  );
}

/**
 * The same message in another language: `english` is a message as the shared schemas and the API write
 * it ("Name is required", "Please keep this to 200 characters or fewer"), found among the English
 * messages and read at the same place in `localized`. Anything else (a server's own text) is returned
 * as it came.
 */
export function translateMessage(english: string, localized: MessageTree): string {
  if (localized === messageSources) return english;
  index ??= entriesOf(messageSources);
  const text = index.texts.get(english);
  if (text) {
    const found = at(localized, text.path);
    return typeof found === "string" ? found : english;
  }
  for (const template of index.templates) {
    if (template.kind !== "template") continue;
    const match = template.pattern.exec(english);
    if (!match) continue;
    const found = at(localized, template.path);
    if (typeof found === "function")
      return String((found as (...args: string[]) => unknown)(...match.slice(1)));
  }
  return english;
}
