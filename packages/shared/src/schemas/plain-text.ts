/*
 * The text rules that need no schema library: the email pattern and key, control characters, field
 * lengths, counting characters and links. text-rules.ts builds the zod checks on them and re-exports
 * them; a bundle that only needs these (the office's first load) imports this module
 * (`@site/shared/schemas/plain`) and carries no zod.
 */

/**
 * An email address as real mailboxes spell them: the spec's "text, at sign, text, dot, text, no spaces",
 * narrowed to the characters mailboxes use. The local part is letters (any script), digits, marks and
 * `. _ + - '`, beginning with a letter, digit or underscore; the domain is labels of letters, digits,
 * marks and `-` joined by dots. Quotes, parentheses, spaces, `= < > , ; :` and the rest are refused, so an
 * address can never be a spreadsheet formula or markup. No class can match what its neighbour matches
 * (the local part stops at `@`, a label at `.`), so the pattern runs in linear time on any input; the
 * schemas still check the length first and stop there (`abort`).
 */
export const simpleEmailPattern =
  /^[\p{L}\p{N}_][\p{L}\p{M}\p{N}.'+_-]*@[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)+$/u;
/**
 * The browser's hint for the same rule as an HTML `pattern` attribute (matched against the whole value,
 * compiled with the `v` flag): text, at sign, dot-separated labels, no spaces. Looser than the schema,
 * which has the last word in the browser and on the server alike.
 */
export const simpleEmailHtmlPattern = "[^\\s@]+@[^\\s@.]+(\\.[^\\s@.]+)+";

/**
 * The key of an email address, by which every store finds a person's rows: trimmed, Unicode NFC, then
 * lower-cased by JavaScript (which, unlike SQLite's `lower()`, knows every script's capitals), so
 * `ÉLODIE@Example.com` and `élodie@example.com` are one person.
 */
export function emailKey(address: string): string {
  return address.trim().normalize("NFC").toLowerCase();
}

/**
 * The mailbox an address delivers to, for counting mail sent to it: its key without a sub-address tag
 * (`name+news@x` and `Name+1@x` are the mailbox `name@x`).
 */
export function mailboxKey(address: string): string {
  const key = emailKey(address);
  const at = key.lastIndexOf("@");
  if (at < 0) return key;
  const plus = key.indexOf("+");
  return plus >= 0 && plus < at ? `${key.slice(0, plus)}${key.slice(at)}` : key;
}

/**
 * Whether a text holds a control character free text may not: C0 but tab, line feed and carriage return,
 * DEL, and C1. They are invisible, cut mail headers and logs, and never come from a person typing.
 */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 ? code !== 0x09 && code !== 0x0a && code !== 0x0d : code >= 0x7f && code <= 0x9f)
      return true;
  }
  return false;
}

/**
 * Field length limits in characters (Unicode code points, see `characterCount`): generous for people,
 * bounded for storage and mail. Every field the forms post has one; the API derives its body-size limits
 * from them. `website` (the honeypot) is not checked, any content marking a bot, but is budgeted.
 */
export const fieldLimits = {
  name: 120,
  email: 254,
  phone: 40,
  subject: 200,
  description: 5000,
  page: 200,
  noticeVersion: 40,
  website: 200,
  idempotencyKey: 100,
  /** The language of the form's page, one of `locales` (room for a longer tag, refused by the schema). */
  locale: 16,
  /** A blog comment's text (the comment form; commentRules.minLength is its lower bound). */
  comment: 3000,
  /** The slug of the post a comment is for. */
  post: 120,
  /** The comment form's signed start time, filled in by the API when it serves the post page. */
  formStarted: 200,
} as const;

/** The comment form's own rules (docs/architecture.md, "Blog comments"). */
export const commentRules = {
  nameMax: 80,
  minLength: 2,
  maxLength: fieldLimits.comment,
  /** Links (http(s)://, www.) a comment may hold; more reads as spam. */
  maxLinks: 2,
} as const;

/** Links as a commenter writes them: a web address with or without its scheme. */
const linkPattern = /\b(?:https?:\/\/|www\.)[^\s<>"']+/giu;

/** How many links a text holds (see commentRules.maxLinks). */
export function linkCount(text: string): number {
  return text.match(linkPattern)?.length ?? 0;
}

/**
 * Characters as people count them: Unicode code points, so an emoji or a rare Chinese character is one,
 * where a string's `length` (UTF-16 units) says two. Amharic, Arabic, Chinese and emoji all count alike.
 */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}
