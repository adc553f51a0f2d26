import { templateMessages, type MessageTree } from "./message-sources.js";

/**
 * A message of the `messages` catalogue named by its key (where it sits in the English tree, the same id
 * the catalogues use: "validationMessages.nameRequired") with its parameters by name ("requestMessages.tooLong"
 * with `{ max: 200 }`). The shared schemas put one on each refusal and the API answers with them, so a
 * page shows the message in its own language by reading its key, never by matching English words.
 */
export interface MessageRef {
  key: string;
  values?: Readonly<Record<string, string | number>>;
}

type Leaf = string | ((...args: never[]) => unknown);

/** Every key of the message tree whose value is a message (a text or a function message). */
type KeysOf<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends Leaf
    ? `${Prefix}${K}`
    : T[K] extends readonly unknown[]
      ? never
      : T[K] extends object
        ? KeysOf<T[K], `${Prefix}${K}.`>
        : never;
}[keyof T & string];
export type MessageKey = KeysOf<MessageTree>;

/** The reference to the message at `key` (checked against the English tree when written in code). */
export function messageRef(
  key: MessageKey,
  values?: Readonly<Record<string, string | number>>,
): MessageRef {
  return values ? { key, values } : { key };
}

/**
 * The text of `ref` in `tree` (the English messages, or a language's: `translations(locale).messages`,
 * the browser's `loadMessages`), its parameters put in place; undefined when the tree has no such message
 * or a parameter is missing (a key from a newer server), so the caller shows the text it came with.
 * Only the tree's own properties are read, so a key such as "constructor" finds nothing.
 */
export function messageText(ref: MessageRef, tree: object): string | undefined {
  let node: unknown = tree;
  for (const part of ref.key.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node === "string") return node;
  if (typeof node !== "function") return undefined;
  const params = templateMessages[ref.key]?.params;
  if (!params) return undefined;
  const args = params.map((param) => ref.values?.[param]);
  if (args.some((arg) => arg === undefined)) return undefined;
  return String((node as (...values: unknown[]) => unknown)(...args));
}

/**
 * What a page says for a message that came with its text and maybe its key: the message of the key in
 * the page's language when the key is known, else the text as it came (an answer from before keys, a
 * server's own words).
 */
export function localText(text: string, ref: MessageRef | undefined, tree: MessageTree): string {
  return (ref && messageText(ref, tree)) ?? text;
}
