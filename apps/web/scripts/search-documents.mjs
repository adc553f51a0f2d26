// The site's searchable documents, read from the prerendered pages themselves (so the index holds exactly
// what a visitor reads, in each language): each page's main content, each section of it that has its own
// address (an element with an id and a heading: a service, the sectors, an About section), and each of the
// founder's articles on the Thought Leadership page (linking to the article). Forms, comment threads,
// filters, the newsletter block and a post's related posts are left out: they are not what anyone looks for.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Window } from "happy-dom";

/** What never goes into the index: interactive parts and repeated blocks. */
const skipped = [
  "script",
  "style",
  "template",
  "form",
  "nav",
  "[data-island]",
  ".newsletter",
  ".comments",
  ".blog__filters",
  ".post__share",
  ".post__related",
  ".tl__filters",
  ".tl__summary",
  "[aria-hidden='true']",
  ".visually-hidden",
].join(",");

const window = new Window({
  settings: {
    disableCSSFileLoading: true,
    disableJavaScriptFileLoading: true,
    disableJavaScriptEvaluation: true,
  },
});

/** Elements whose text reads as its own block: a space after each keeps words of neighbours apart. */
const blocks =
  "p, li, dt, dd, h1, h2, h3, h4, h5, h6, div, section, article, header, footer, blockquote, figcaption, td, th, br, time";

/** Text of `node` with runs of white space made one space. */
const textOf = (node) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();

/** The page's own title: its <title> without the site's name. */
function pageTitle(doc, siteName) {
  const title = textOf(doc.querySelector("title"));
  const suffix = ` | ${siteName}`;
  return title.endsWith(suffix) ? title.slice(0, -suffix.length) : title;
}

/**
 * The documents of one page. `file` is its HTML under the build; `url` its address ("/fr/services").
 * `section` names where the page sits when its own title says nothing more (a blog post: "Blog").
 * @param {{ file: string, url: string, siteName: string, section?: string }} page
 * @returns {{ id: string, url: string, title: string, page: string, text: string }[]}
 */
export function pageDocuments({ file, url, siteName, section }) {
  const doc = new window.DOMParser().parseFromString(readFileSync(file, "utf8"), "text/html");
  const main = doc.querySelector("main");
  if (!main) return [];
  const page = pageTitle(doc, siteName);
  const documents = [];
  for (const block of main.querySelectorAll(blocks)) block.append(doc.createTextNode(" "));

  // The founder's articles: one document each, pointing at the article itself.
  for (const card of main.querySelectorAll("li[data-tl-category] a[href]")) {
    const title = textOf(card.querySelector("h2"));
    const outlet = textOf(card.querySelector(".tl-card__outlet"));
    const tag = textOf(card.querySelector(".tl-card__tag"));
    documents.push({
      id: card.getAttribute("href"),
      url: card.getAttribute("href"),
      title,
      page,
      text: [tag, outlet, textOf(card.querySelector(".tl-card__meta"))].join(" · "),
    });
    card.closest("li")?.remove();
  }
  for (const node of main.querySelectorAll(skipped)) node.remove();

  // Sections with an address of their own: their own document, taken out of the page's.
  for (const section of main.querySelectorAll("[id]")) {
    const heading = section.querySelector("h2, h3");
    if (!heading || section.tagName === "MAIN" || !section.isConnected) continue;
    const title = textOf(heading);
    heading.remove();
    const text = textOf(section);
    section.remove();
    if (text)
      documents.push({
        id: `${url}#${section.id}`,
        url: `${url}#${section.id}`,
        title,
        page,
        text,
      });
  }
  const h1 = main.querySelector("h1");
  const title = textOf(h1) || page;
  h1?.remove();
  // The page's own document: where it is adds nothing when that is its own title.
  const where = section ?? page;
  documents.unshift({
    id: url,
    url,
    title,
    page: where === title ? "" : where,
    text: textOf(main),
  });
  return documents;
}

/** The build's HTML file for a page address ("/" is index.html, "/fr/about" fr/about/index.html). */
export const htmlFileOf = (client, url) =>
  join(client, url === "/" ? "" : url.slice(1), "index.html");
