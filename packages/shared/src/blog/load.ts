import { parseDocument } from "yaml";
import type * as z from "zod";
import { translations } from "../i18n/translations.js";
import {
  blogFrontMatterSchema,
  blogTranslationFrontMatterSchema,
  blogTranslationLocales,
  defaultCoverByCategory,
  isBlogTranslationLocale,
  type BlogPost,
  type BlogPostBody,
  type BlogPostTranslationSummary,
  type BlogTranslationLocale,
} from "./schema.js";
import { readingMinutes, renderMarkdown } from "./markdown.js";

/** A Markdown file of the blog folder: its name (`<slug>.md`) and its text. */
export interface BlogSourceFile {
  name: string;
  source: string;
}

export interface BlogBuildOptions {
  /** Today as YYYY-MM-DD: a post dated after it is refused. */
  today: string;
  /** The ids of the site's experts: a post's author must be one of them. */
  authorIds: readonly string[];
  /** Where the files live, as the messages should name them (e.g. "content/blog"). */
  folder?: string;
}

/** One thing wrong with one file: its name, the field at fault (or "body", "front matter"), and why. */
export interface BlogProblem {
  file: string;
  field: string;
  message: string;
}

/** The blog folder has posts that cannot be published; `problems` names each file and field. */
export class BlogContentError extends Error {
  constructor(readonly problems: readonly BlogProblem[]) {
    super(
      [
        `The blog has ${problems.length} problem${problems.length === 1 ? "" : "s"}:`,
        ...problems.map((problem) => `  ${problem.file}: ${problem.field}: ${problem.message}`),
      ].join("\n"),
    );
    this.name = "BlogContentError";
  }
}

const frontMatterPattern = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

type Parsed<T> = { value: T } | { problems: BlogProblem[] };

/** A file's front matter checked against `schema`, and its body. */
function readFrontMatter<T>(
  file: BlogSourceFile,
  schema: z.ZodType<T>,
  path: string,
): Parsed<{ meta: T; body: string }> {
  const problem = (field: string, message: string) => ({
    problems: [{ file: path, field, message }],
  });
  const match = frontMatterPattern.exec(file.source.replace(/^\uFEFF/, ""));
  if (!match)
    return problem("front matter", "the file must start with front matter between two --- lines");
  const document = parseDocument(match[1] ?? "", { uniqueKeys: true, prettyErrors: false });
  if (document.errors.length > 0) {
    return problem(
      "front matter",
      `is not valid YAML (${document.errors[0]?.message.split("\n")[0]})`,
    );
  }
  const parsed = schema.safeParse(document.toJS() ?? {});
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) => ({
        file: path,
        field: issue.path.length > 0 ? issue.path.join(".") : "front matter",
        message:
          issue.code === "unrecognized_keys"
            ? `unknown field${issue.keys.length === 1 ? "" : "s"} ${issue.keys.join(", ")}`
            : issue.message,
      })),
    };
  }
  return { value: { meta: parsed.data, body: file.source.slice(match[0].length) } };
}

/** A body rendered, or what is wrong with it (empty, or a # heading: the title is the page's heading). */
function renderBody(
  body: string,
  path: string,
  problems: BlogProblem[],
  options?: Parameters<typeof renderMarkdown>[1],
) {
  const rendered = renderMarkdown(body, options);
  if (rendered.words === 0) problems.push({ file: path, field: "body", message: "is empty" });
  if (rendered.headingLevels.includes(1))
    problems.push({
      file: path,
      field: "body",
      message: "has a # heading: the title is the page's heading, start at ##",
    });
  return rendered;
}

/** Refuses a date after today. */
function notInFuture(
  date: string | undefined,
  field: string,
  today: string,
  path: string,
  problems: BlogProblem[],
) {
  if (date !== undefined && date > today)
    problems.push({ file: path, field, message: `${date} is in the future (today is ${today})` });
}

/** Reads one file into a post, or the list of what is wrong with it. */
function parsePost(
  file: BlogSourceFile,
  options: BlogBuildOptions,
  path: string,
): { post: BlogPost } | { problems: BlogProblem[]; slug?: string } {
  const read = readFrontMatter(file, blogFrontMatterSchema, path);
  if ("problems" in read) return read;
  const { meta, body } = read.value;
  const problems: BlogProblem[] = [];
  const expectedName = `${meta.slug}.md`;
  if (file.name !== expectedName)
    problems.push({
      file: path,
      field: "slug",
      message: `must match the file name (the file should be ${expectedName})`,
    });
  notInFuture(meta.date, "date", options.today, path, problems);
  if (meta.updated !== undefined && meta.updated < meta.date)
    problems.push({
      file: path,
      field: "updated",
      message: `${meta.updated} is before the post's date ${meta.date}`,
    });
  notInFuture(meta.updated, "updated", options.today, path, problems);
  if (!options.authorIds.includes(meta.author))
    problems.push({
      file: path,
      field: "author",
      message: `"${meta.author}" is not an expert's id (known: ${options.authorIds.join(", ")})`,
    });

  const rendered = renderBody(body, path, problems);
  if (problems.length > 0) return { problems, slug: meta.slug };

  return {
    post: {
      slug: meta.slug,
      title: meta.title,
      date: meta.date,
      ...(meta.updated !== undefined ? { updated: meta.updated } : {}),
      author: meta.author,
      category: meta.category,
      summary: meta.summary,
      tags: meta.tags,
      cover: meta.cover ?? defaultCoverByCategory[meta.category],
      readingMinutes: readingMinutes(rendered.words),
      words: rendered.words,
      html: rendered.html,
      headings: rendered.headings,
      translations: {},
    },
  };
}

/** A translation's file name: `<slug>.<language>.md`. */
const translationNamePattern = /^(.+)\.([^.]+)\.md$/;

/** Reads a translation of `original` (undefined: no post has the file's slug) into that language. */
function parseTranslation(
  file: BlogSourceFile,
  locale: BlogTranslationLocale,
  original: BlogPost | undefined,
  options: BlogBuildOptions,
  path: string,
): Parsed<BlogPostTranslationSummary & BlogPostBody> {
  const read = readFrontMatter(file, blogTranslationFrontMatterSchema, path);
  if ("problems" in read) return read;
  const { meta, body } = read.value;
  const problems: BlogProblem[] = [];
  const expectedName = `${meta.slug}.${locale}.md`;
  if (file.name !== expectedName)
    problems.push({
      file: path,
      field: "slug",
      message: `must match the file name (the file should be ${expectedName})`,
    });
  else if (!original)
    problems.push({
      file: path,
      field: "slug",
      message: `no post ${meta.slug}.md to translate (a translation sits beside its English post)`,
    });
  notInFuture(meta.translated, "translated", options.today, path, problems);
  const lastChange = original?.updated ?? original?.date;
  if (lastChange !== undefined && meta.translated < lastChange)
    problems.push({
      file: path,
      field: "translated",
      message: original?.updated
        ? `${meta.translated} is before the English post's update of ${lastChange}: bring the translation up to date with it, then set translated to that day`
        : `${meta.translated} is before the English post's date ${lastChange}`,
    });
  const rendered = renderBody(body, path, problems, {
    externalLink: translations(locale).messages.blogMessages.externalLink,
  });
  if (problems.length > 0) return { problems };
  return {
    value: {
      lang: locale,
      title: meta.title,
      summary: meta.summary,
      tags: meta.tags,
      translated: meta.translated,
      readingMinutes: readingMinutes(rendered.words),
      words: rendered.words,
      html: rendered.html,
      headings: rendered.headings,
    },
  };
}

/**
 * Every post of the blog folder, validated and rendered, newest first (by date, then title). Throws a
 * BlogContentError naming each file and field at fault, including two posts with one slug.
 * `<slug>.<language>.md` is a translation of `<slug>.md` (French or Swahili), refused when its English
 * post was updated after it. `README.md` is the folder's instructions, not a post; files not ending in
 * .md are ignored.
 */
export function buildBlog(files: readonly BlogSourceFile[], options: BlogBuildOptions): BlogPost[] {
  const folder = options.folder ?? "content/blog";
  const posts: BlogPost[] = [];
  const problems: BlogProblem[] = [];
  /** The first file seen with each slug. */
  const bySlug = new Map<string, string>();
  const translations: { file: BlogSourceFile; slug: string; language: string }[] = [];
  for (const file of files) {
    if (!file.name.endsWith(".md") || file.name === "README.md") continue;
    const translation = translationNamePattern.exec(file.name);
    if (translation) {
      translations.push({ file, slug: translation[1] ?? "", language: translation[2] ?? "" });
      continue;
    }
    const path = `${folder}/${file.name}`;
    const result = parsePost(file, options, path);
    const slug = "post" in result ? result.post.slug : result.slug;
    const first = slug === undefined ? undefined : bySlug.get(slug);
    if (slug !== undefined && first !== undefined) {
      problems.push({
        file: path,
        field: "slug",
        message: `"${slug}" is also the slug of ${first}`,
      });
    } else if (slug !== undefined) bySlug.set(slug, path);
    if ("post" in result) posts.push(result.post);
    else problems.push(...result.problems);
  }
  for (const { file, slug, language } of translations) {
    const path = `${folder}/${file.name}`;
    if (!isBlogTranslationLocale(language)) {
      problems.push({
        file: path,
        field: "file name",
        message: `"${language}" is not a language a post is translated into (${blogTranslationLocales.join(", ")}): name a translation <slug>.<language>.md`,
      });
      continue;
    }
    const original = posts.find((candidate) => candidate.slug === slug);
    // A post that could not be read has its own problems listed; its translation waits for it.
    if (!original && bySlug.has(slug)) continue;
    const result = parseTranslation(file, language, original, options, path);
    if ("problems" in result) problems.push(...result.problems);
    else if (original) original.translations[language] = result.value;
  }
  if (problems.length > 0) throw new BlogContentError(problems);
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}

/** Today's date in Nairobi as YYYY-MM-DD (the firm's calendar decides whether a post is in the future). */
export function todayInNairobi(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Africa/Nairobi",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}
