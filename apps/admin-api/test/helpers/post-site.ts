import { cp, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { commentThreadHtml } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";

const post = blogPosts[0]!;
const fixtureSite = fileURLToPath(new URL("../fixtures/site", import.meta.url));

/**
 * A copy of the fixture site with the blog's first post's page as the web's prerender writes it: the
 * thread's slot (empty), and the form's hidden start time, which the API fills in, last in the body.
 * `field`, another start-time field; `article`, HTML put before them (the post's body, for a page of a
 * real post's size); `fieldInForm`, the field inside the comments' section, with the page going on after it.
 */
export async function siteWithPostPage({
  field = `<input type="hidden" name="formStarted" form="comment-form" data-form-started="" value=""/>`,
  article = "",
  fieldInForm = false,
}: { field?: string; article?: string; fieldInForm?: boolean } = {}): Promise<string> {
  const site = join(await mkdtemp(join(tmpdir(), "admin-api-site-")), "site");
  await cp(fixtureSite, site, { recursive: true });
  await mkdir(join(site, "blog", post.slug), { recursive: true });
  const footer = `<footer><p>${"Kilima Advisory, Nairobi. ".repeat(40)}</p></footer>`;
  await writeFile(
    join(site, "blog", post.slug, "index.html"),
    `<!doctype html><html lang="en"><head><title>${post.title}</title></head><body><main><h1>${post.title}</h1>${article}` +
      `<section aria-labelledby="comments"><h2 id="comments">Comments</h2>${commentThreadHtml([])}` +
      (fieldInForm ? field : "") +
      `<form id="comment-form" method="post" action="/api/comments"></form></section></main>${footer}` +
      (fieldInForm ? "" : field) +
      `</body></html>`,
  );
  const manifestFile = join(site, ".site-manifest.json");
  const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as {
    pages: Record<string, { inlineScriptHashes: string[] }>;
  };
  manifest.pages[`blog/${post.slug}/index.html`] = { inlineScriptHashes: [] };
  await writeFile(manifestFile, JSON.stringify(manifest));
  return site;
}
