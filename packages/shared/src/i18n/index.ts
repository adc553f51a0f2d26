/**
 * The site's languages, and how a text tree in English becomes the same tree in another language.
 *
 * English is the source: the typed objects of `content/` and `messages/` (the specification's words). A
 * translator edits `locales/<locale>/<catalogue>.json` beside them, one entry per text, keyed by where the
 * text sits in the English tree ("homeContent.hero.heading"). The build compiles those catalogues with
 * Lingui (scripts/build-catalogues.mjs) and refuses one that misses a key; `localize` walks an English
 * tree and puts each text's translation in its place, so every consumer reads the same shape in every
 * language.
 */

export const locales = ["en", "fr", "sw"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** Each language named in itself (the switcher's labels) and in English (the firm's notifications). */
export const localeNames: Readonly<Record<Locale, { native: string; english: string }>> = {
  en: { native: "English", english: "English" },
  fr: { native: "Français", english: "French" },
  sw: { native: "Kiswahili", english: "Swahili" },
};

/** Each language's tag for `Intl` (dates, numbers): British English, French, Swahili as written in Kenya. */
export const intlLocales: Readonly<Record<Locale, string>> = { en: "en-GB", fr: "fr", sw: "sw-KE" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/**
 * The value without the slashes it ends with (`https://site.example//` -> `https://site.example`,
 * `/about/` -> `/about`): one linear scan, where a `/\/+$/` pattern would retry from every slash of a
 * long run and take quadratic time on a path of thousands of slashes.
 */
export function trimTrailingSlashes(value: string): string {
  let end = value.length;
  while (end > 0 && value.charCodeAt(end - 1) === 0x2f) end -= 1;
  return end === value.length ? value : value.slice(0, end);
}

/** `path` (a site path in English, "/about") as the page in `locale`: "/fr/about"; home is "/fr". */
export function localePath(locale: Locale, path: string): string {
  if (locale === defaultLocale || !path.startsWith("/")) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/** The language a site path is in, and the path without its prefix: "/sw/blog" → sw, "/blog". */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/(fr|sw)(?=\/|$|[?#])(.*)$/.exec(pathname);
  if (!match) return { locale: defaultLocale, path: pathname };
  const rest = match[2] ?? "";
  return {
    locale: match[1] as Locale,
    path: rest === "" || rest.startsWith("?") || rest.startsWith("#") ? `/${rest}` : rest,
  };
}

/** A translation lookup: the text of `id` with `values` put in its placeholders. */
export type Lookup = (id: string, values?: Record<string, string | number>) => string;

/** The ICU template and parameter names of a message that is a function in English ("tooLong(max)"). */
export interface TemplateMessage {
  params: readonly string[];
  /** The English text in ICU MessageFormat, the same words as the function's (a test compares them). */
  en: string;
}

/**
 * Keys whose values are not text to translate: links, ids, addresses, proper names, versions. A value that
 * is a path, an anchor, a URL, a mail or phone link is never text either, whatever its key.
 */
const notTextKeys = new Set([
  "id",
  "href",
  "path",
  "link",
  "slug",
  "date",
  "author",
  "network",
  "illustration",
  "icon",
  "glyph",
  "version",
  "versions",
  "legalName",
  "founderName",
  "founderEmail",
  "founderWebsite",
  "email",
  "careersEmail",
  "phone",
  "phoneHref",
  "countryCode",
  "siteUrl",
  "placeholder",
]);
const notTextValue = /^(?:\/|#|https?:|mailto:|tel:)/;

/** The proper names a text may contain, kept out of the catalogues as placeholders. */
export interface ProperNames {
  firmName: string;
  founderName: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An array item's part of an id: its own `id` where it has one (stable when items move), else its index. */
function itemKey(item: unknown, index: number): string {
  return isRecord(item) && typeof item.id === "string" ? item.id : String(index);
}

function walk(
  value: unknown,
  id: string,
  key: string,
  visit: {
    /** Values that are proper names (the firm's, the founder's): kept as they are. */
    proper: ReadonlySet<string>;
    text(id: string, text: string): unknown;
    template(id: string, fn: (...args: never[]) => unknown): unknown;
  },
): unknown {
  if (typeof value === "string")
    return notTextKeys.has(key) ||
      notTextValue.test(value) ||
      value.trim() === "" ||
      visit.proper.has(value)
      ? value
      : visit.text(id, value);
  if (typeof value === "function")
    return visit.template(id, value as (...args: never[]) => unknown);
  if (Array.isArray(value))
    return value.map((item, index) => walk(item, `${id}.${itemKey(item, index)}`, key, visit));
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, walk(v, id === "" ? k : `${id}.${k}`, k, visit)]),
    );
  return value;
}

/**
 * Every text of an English tree as catalogue entries (id → ICU text): proper names become placeholders
 * ({firmName}), a function message is its template. A function with no template is an error naming it.
 */
export function catalogueEntries(
  tree: Record<string, unknown>,
  templates: Readonly<Record<string, TemplateMessage>>,
  names: ProperNames,
): Record<string, string> {
  const entries: Record<string, string> = {};
  walk(tree, "", "", {
    proper: new Set(Object.values(names)),
    text(id, text) {
      entries[id] = text
        .split(names.firmName)
        .join("{firmName}")
        .split(names.founderName)
        .join("{founderName}");
      return text;
    },
    template(id) {
      const template = templates[id];
      if (!template) throw new Error(`The message ${id} is a function with no ICU template`);
      entries[id] = template.en;
      return undefined;
    },
  });
  return entries;
}

/** The English tree with every text replaced by `lookup`'s translation: the same shape, another language. */
export function localize<T extends Record<string, unknown>>(
  tree: T,
  templates: Readonly<Record<string, TemplateMessage>>,
  names: ProperNames,
  lookup: Lookup,
): T {
  const proper = { firmName: names.firmName, founderName: names.founderName };
  return walk(tree, "", "", {
    proper: new Set(Object.values(proper)),
    text: (id) => lookup(id, proper),
    template(id) {
      const params = templates[id]?.params ?? [];
      return (...args: unknown[]) =>
        lookup(id, {
          ...proper,
          ...Object.fromEntries(
            params.map((param, index) => [
              param,
              (args[index] as string | number | null) ?? "none",
            ]),
          ),
        });
    },
  }) as T;
}
