import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { commentThreadHtml } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";

const post = blogPosts[0]!;
const fixtureSite = fileURLToPath(new URL("../fixtures/site", import.meta.url));

/** The copies made by this worker's test files and not yet removed (setup.ts removes them as each ends). */
const copies = new Set<string>();

/**
 * A copy of the fixture site in a temporary folder, with `page` (its path under the site, and its HTML)
 * added and listed in the build's manifest without inline scripts. Removed when the test file ends.
 */
export async function fixtureSiteWith(page: { path: string; html: string }): Promise<string> {
  const site = join(await mkdtemp(join(tmpdir(), "admin-api-site-")), "site");
  copies.add(site);
  await cp(fixtureSite, site, { recursive: true });
  await mkdir(dirname(join(site, page.path)), { recursive: true });
  await writeFile(join(site, page.path), page.html);
  const manifestFile = join(site, ".site-manifest.json");
  const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as {
    pages: Record<string, { inlineScriptHashes: string[] }>;
  };
  manifest.pages[page.path] = { inlineScriptHashes: [] };
  await writeFile(manifestFile, JSON.stringify(manifest));
  return site;
}

/** Removes the copies fixtureSiteWith made (each with its temporary folder). */
export async function removeSiteCopies(): Promise<void> {
  const sites = [...copies];
  copies.clear();
  await Promise.all(sites.map((site) => rm(dirname(site), { recursive: true, force: true })));
}

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
  const footer = `<footer><p>${"Kilima Advisory, Nairobi. ".repeat(40)}</p></footer>`;
  return fixtureSiteWith({
    path: `blog/${post.slug}/index.html`,
    html:
      `<!doctype html><html lang="en"><head><title>${post.title}</title></head><body><main><h1>${post.title}</h1>${article}` +
      `<section aria-labelledby="comments"><h2 id="comments">Comments</h2>${commentThreadHtml([])}` +
      (fieldInForm ? field : "") +
      `<form id="comment-form" method="post" action="/api/comments"></form></section></main>${footer}` +
      (fieldInForm ? "" : field) +
      `</body></html>`,
  });
}
