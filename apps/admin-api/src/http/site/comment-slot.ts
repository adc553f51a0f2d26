import { blogPaths, commentThreadOpenTag } from "@site/shared/blog";
import { splitLocalePath, type Locale } from "@site/shared/i18n";

// A post page's template, cut at start-up where each request fills in its comments (post-page.ts).

/** What a request fills into a post page: the approved thread, and the form's start time. */
export type CommentHole = "thread" | "formStarted";

export interface CommentSlot {
  post: string;
  /** The language of the page (a post's page exists in each): the thread's words and dates follow it. */
  locale: Locale;
  /**
   * The built page cut where a request fills something in: `pieces[0]`, `holes[0]`, `pieces[1]`,
   * `holes[1]`... Cut once, at start-up, in the page's own HTML: what a request fills in (the thread,
   * visitors' text) is never searched or replaced in afterwards, so no comment can move the start time.
   */
  pieces: readonly string[];
  holes: readonly CommentHole[];
}

/** Marks the comment form's hidden start-time field (apps/web comment-section.tsx), prerendered empty. */
const formStartedAttribute = 'data-form-started=""';

/**
 * Where the value of each start-time field goes in the page's own HTML (between the quotes of its
 * `value=""`), skipping the thread's slot, which a request replaces whole. A marked field without an
 * empty value stops the start: the page could never take a comment.
 */
function formStartedOffsets(
  html: string,
  slot: { start: number; end: number },
  where: string,
): number[] {
  const offsets: number[] = [];
  for (
    let at = html.indexOf(formStartedAttribute);
    at !== -1;
    at = html.indexOf(formStartedAttribute, at + formStartedAttribute.length)
  ) {
    if (at >= slot.start && at < slot.end) continue;
    const open = html.lastIndexOf("<", at);
    const close = html.indexOf(">", at);
    const tag = html.slice(open, close === -1 ? html.length : close);
    const value = tag.startsWith("<input") ? tag.search(/\svalue=""/) : -1;
    if (value === -1)
      throw new Error(`${where}: the comment form's start-time field has no empty value attribute`);
    offsets.push(open + value + ' value="'.length);
  }
  return offsets;
}

/**
 * A post page's template: the page cut at the comment thread's slot element (prerendered empty, no
 * nested `<div>` inside it) and at the value of its form's hidden start-time field. Null for a page
 * without the slot.
 */
export function commentSlotOf(localizedPath: string, html: string): CommentSlot | null {
  const { locale, path: urlPath } = splitLocalePath(localizedPath);
  const prefix = `${blogPaths.index}/`;
  if (!urlPath.startsWith(prefix) || urlPath.startsWith(`${prefix}category/`)) return null;
  const start = html.indexOf(commentThreadOpenTag);
  if (start === -1) return null;
  const close = html.indexOf("</div>", start);
  if (close === -1) throw new Error(`${urlPath}: the comment thread's slot is not closed`);
  const end = close + "</div>".length;
  const cuts = [
    { from: start, to: end, hole: "thread" as const },
    ...formStartedOffsets(html, { start, end }, urlPath).map((at) => ({
      from: at,
      to: at,
      hole: "formStarted" as const,
    })),
  ].sort((a, b) => a.from - b.from);
  const pieces: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    pieces.push(html.slice(from, cut.from));
    from = cut.to;
  }
  pieces.push(html.slice(from));
  return {
    post: urlPath.slice(prefix.length).replace(/\/index\.html$/, ""),
    locale,
    pieces,
    holes: cuts.map((cut) => cut.hole),
  };
}

/** The page of `slot` with each hole filled. */
export function fillCommentSlot(
  slot: CommentSlot,
  fills: Readonly<Record<CommentHole, string>>,
): string {
  const parts = [slot.pieces[0] ?? ""];
  slot.holes.forEach((hole, index) => parts.push(fills[hole], slot.pieces[index + 1] ?? ""));
  return parts.join("");
}

/** Most bytes that may follow the start time for the rest of a post to be compressed once (post-page.ts). */
const maxAfterStartTime = 512;

/**
 * The page of `slot` with `thread` filled in, cut at its form's start time, when that is filled in last
 * and little follows it (a post as built: the field ends its body): `start`, the same in every answer
 * while the thread is (made only when called: it is compressed once per thread), and `after`, what
 * follows the start time. Null for a page laid out otherwise.
 */
export function splitAtStartTime(
  slot: CommentSlot,
  thread: string,
): { start: () => string; after: string } | null {
  const last = slot.holes.length - 1;
  if (last < 0 || slot.holes.indexOf("formStarted") !== last) return null;
  const after = slot.pieces[last + 1] ?? "";
  if (after.length > maxAfterStartTime) return null;
  const before = {
    ...slot,
    pieces: slot.pieces.slice(0, last + 1),
    holes: slot.holes.slice(0, last),
  };
  return { start: () => fillCommentSlot(before, { thread, formStarted: "" }), after };
}
