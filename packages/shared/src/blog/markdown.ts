import markdownIt, { type MarkdownIt, type Token } from "markdown-it";
import { slugify } from "../content/articles.js";
import { blogMessages } from "../messages/index.js";
import type { BlogHeading } from "./schema.js";

/** Words read per minute for a post's reading time. */
export const wordsPerMinute = 200;

export interface RenderedMarkdown {
  html: string;
  headings: BlogHeading[];
  /** Words of the text a reader reads (markup excluded). */
  words: number;
  /** Levels of headings found, so the loader can refuse a `#` heading in a body. */
  headingLevels: number[];
}

const allowedSchemes = new Set(["http", "https", "mailto"]);

/**
 * Links may go to the web (http, https), to an email address, or within the site (a path or an anchor).
 * Everything else (javascript:, data:, vbscript:, file:, protocol-relative //host) is refused, so the link
 * stays plain text. markdown-it's own check lets data:image links through; this one does not.
 */
export function isSafeLink(url: string): boolean {
  const value = url.trim();
  if (value.startsWith("//") || value.startsWith("\\")) return false;
  // Browsers ignore tabs and newlines inside a scheme ("java\tscript:"), so judge the URL without them.
  // eslint-disable-next-line no-control-regex
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value.replace(/[\u0000-\u001f\s]/g, ""))?.[1];
  return scheme === undefined || allowedSchemes.has(scheme.toLowerCase());
}

const isExternal = (href: string) => /^https?:\/\//i.test(href.trim());

function createRenderer(): MarkdownIt {
  // html: false writes any raw HTML of a post out as text; no images (the posts have none, and a
  // remote image would load from another site); no auto-linking of bare URLs.
  const md = markdownIt({ html: false, linkify: false, typographer: false });
  md.disable(["image"]);
  md.validateLink = isSafeLink;

  // Headings get ids (the slug of their text, made unique) so the table of contents and shared links
  // can point at them.
  md.core.ruler.push("heading_ids", (state) => {
    const used = new Map<string, number>();
    const headings: BlogHeading[] = [];
    const levels: number[] = [];
    state.tokens.forEach((token, index) => {
      if (token.type !== "heading_open") return;
      const level = Number(token.tag.slice(1));
      const inline = state.tokens[index + 1];
      levels.push(level);
      const text =
        inline?.children
          ?.filter((child) => child.type === "text" || child.type === "code_inline")
          .map((child) => child.content)
          .join("")
          .trim() ?? "";
      const base = slugify(text) || "section";
      const seen = used.get(base) ?? 0;
      used.set(base, seen + 1);
      const id = seen === 0 ? base : `${base}-${seen + 1}`;
      token.attrSet("id", id);
      if (level === 2 || level === 3) headings.push({ id, text, level });
    });
    state.env.headings = headings;
    state.env.headingLevels = levels;
  });

  // Links to other sites open in a new tab without handing it this page (noopener noreferrer), are
  // marked rel="external" for styling, and say so to screen readers, in the post's language (the
  // visible arrow is drawn by CSS).
  md.core.ruler.push("external_links", (state) => {
    const env = state.env as { externalLink: string };
    for (const block of state.tokens) {
      const children = block.children;
      if (!children) continue;
      const externalOpen: boolean[] = [];
      for (let index = 0; index < children.length; index += 1) {
        const token = children[index];
        if (!token) continue;
        if (token.type === "link_open") {
          const external = isExternal(String(token.attrGet("href") ?? ""));
          externalOpen.push(external);
          if (external) {
            token.attrSet("target", "_blank");
            token.attrSet("rel", "noopener noreferrer external");
          }
        } else if (token.type === "link_close" && externalOpen.pop()) {
          const note = new state.Token("html_inline", "", 0);
          note.content = `<span class="visually-hidden"> (${md.utils.escapeHtml(env.externalLink)})</span>`;
          children.splice(index, 0, note);
          index += 1;
        }
      }
    }
  });
  return md;
}

const renderer = createRenderer();

/** Counts the words a reader reads: the text of every inline token, markup excluded. */
function countWords(tokens: readonly Token[]): number {
  let words = 0;
  for (const token of tokens) {
    for (const child of token.children ?? []) {
      if (child.type === "text" || child.type === "code_inline") {
        words += child.content.split(/\s+/).filter(Boolean).length;
      }
    }
  }
  return words;
}

/**
 * A post's Markdown body as safe HTML, with its headings and word count. `externalLink`: what a screen
 * reader hears after a link to another site, in the body's language (English by default).
 */
export function renderMarkdown(
  source: string,
  { externalLink = blogMessages.externalLink }: { externalLink?: string } = {},
): RenderedMarkdown {
  const env: { headings?: BlogHeading[]; headingLevels?: number[]; externalLink: string } = {
    externalLink,
  };
  const tokens = renderer.parse(source, env);
  const html = renderer.renderer.render(tokens, renderer.options, env);
  return {
    html,
    headings: env.headings ?? [],
    headingLevels: env.headingLevels ?? [],
    words: countWords(tokens),
  };
}

/** Minutes to read `words` words: whole minutes, at least one. */
export const readingMinutes = (words: number): number =>
  Math.max(1, Math.ceil(words / wordsPerMinute));
