import { parseDocument } from "yaml";
import { blogFrontMatterSchema, defaultCoverByCategory, type BlogPost } from "./schema.js";
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

/** Reads one file into a post, or the list of what is wrong with it. */
function parsePost(
  file: BlogSourceFile,
  options: BlogBuildOptions,
  path: string,
): { post: BlogPost } | { problems: BlogProblem[]; slug?: string } {
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
  const parsed = blogFrontMatterSchema.safeParse(document.toJS() ?? {});
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
  const meta = parsed.data;
  const problems: BlogProblem[] = [];
  const expectedName = `${meta.slug}.md`;
  if (file.name !== expectedName)
    problems.push({
      file: path,
      field: "slug",
      message: `must match the file name (the file should be ${expectedName})`,
    });
  if (meta.date > options.today)
    problems.push({
      file: path,
      field: "date",
      message: `${meta.date} is in the future (today is ${options.today})`,
    });
  if (meta.updated !== undefined && meta.updated < meta.date)
    problems.push({
      file: path,
      field: "updated",
      message: `${meta.updated} is before the post's date ${meta.date}`,
    });
  if (meta.updated !== undefined && meta.updated > options.today)
    problems.push({
      file: path,
      field: "updated",
      message: `${meta.updated} is in the future (today is ${options.today})`,
    });
  if (!options.authorIds.includes(meta.author))
    problems.push({
      file: path,
      field: "author",
      message: `"${meta.author}" is not an expert's id (known: ${options.authorIds.join(", ")})`,
    });

  const body = file.source.slice(match[0].length);
  const rendered = renderMarkdown(body);
  if (rendered.words === 0) problems.push({ file: path, field: "body", message: "is empty" });
  if (rendered.headingLevels.includes(1))
    problems.push({
      file: path,
      field: "body",
      message: "has a # heading: the title is the page's heading, start at ##",
    });
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
    },
  };
}

/**
 * Every post of the blog folder, validated and rendered, newest first (by date, then title). Throws a
 * BlogContentError naming each file and field at fault, including two posts with one slug.
 * `README.md` is the folder's instructions, not a post; files not ending in .md are ignored.
 */
export function buildBlog(files: readonly BlogSourceFile[], options: BlogBuildOptions): BlogPost[] {
  const folder = options.folder ?? "content/blog";
  const posts: BlogPost[] = [];
  const problems: BlogProblem[] = [];
  /** The first file seen with each slug. */
  const bySlug = new Map<string, string>();
  for (const file of files) {
    if (!file.name.endsWith(".md") || file.name === "README.md") continue;
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
