/**
 * Translations that fell behind their English. Beside each translated catalogue,
 * `locales/<locale>/translated-from.json` keeps, per catalogue and key, the English text the translation
 * was made from (as a PO file keeps its msgid). When the English of a key changes, its translation is
 * stale until a translator updates it and records the new English (`i18n:translated`); the build's
 * catalogue check refuses stale translations as it refuses missing ones.
 */

/** `translated-from.json`: catalogue name → key → the English its translation was made from. */
export type TranslatedFrom = Record<string, Record<string, string>>;

/** A translation made from an English text that has since changed (`was` undefined: never recorded). */
export interface StaleEntry {
  id: string;
  was: string | undefined;
  now: string;
}

/** The keys of `english` whose translation was made from another English text, in English's order. */
export function staleEntries(
  english: Readonly<Record<string, string>>,
  translatedFrom: Readonly<Record<string, string>> = {},
): StaleEntry[] {
  return Object.entries(english)
    .filter(([id, now]) => translatedFrom[id] !== now)
    .map(([id, now]) => ({ id, was: translatedFrom[id], now }));
}

/**
 * The record with `ids` (every key of `english` when empty) marked as translated from today's English, and
 * the keys English no longer has dropped. Throws on an id English does not have (a typo).
 */
export function markTranslated(
  english: Readonly<Record<string, string>>,
  translatedFrom: Readonly<Record<string, string>>,
  ids: readonly string[],
): Record<string, string> {
  const unknown = ids.filter((id) => !(id in english));
  if (unknown.length > 0) throw new Error(`Not an English key: ${unknown.join(", ")}`);
  const marked = ids.length === 0 ? Object.keys(english) : ids;
  return Object.fromEntries(
    Object.entries(english).flatMap(([id, now]): [string, string][] => {
      if (marked.includes(id)) return [[id, now]];
      const was = translatedFrom[id];
      return was === undefined ? [] : [[id, was]];
    }),
  );
}
