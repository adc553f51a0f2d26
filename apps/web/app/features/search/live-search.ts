/**
 * Results as the visitor types, for every search form of the page (search-form.tsx). Loaded by the one
 * script when a search box is first focused, never before: it fetches this language's documents (kept by
 * the service worker once fetched, so search then works offline), indexes them with the shared engine
 * (@site/shared/search/engine, which the API runs on the same file), and lists the best matches under the
 * box with where the words matched. Plain DOM code: the page stays static HTML. Enter still submits the
 * form to `/search?q=`, the server's full results page.
 */
import { normalizeQuery, snippet, type SearchDocument } from "@site/shared/search";
import { searchIn, type Search } from "@site/shared/search/engine";
import { searchAttributes } from "./attributes";

/** How many results the box lists; the results page shows more. */
const shownResults = 8;

/** The sentences of the form's language (search-form.tsx): by plural form, and when nothing matched. */
interface Texts {
  one: string;
  other: string;
  none: string;
}

/** "3 results for “sacco”" in the page's language. */
function countSentence(doc: Document, texts: Texts, count: number, query: string): string {
  const form = new Intl.PluralRules(doc.documentElement.lang || "en").select(count);
  return fill((form === "one" ? texts.one : texts.other).replace("#", String(count)), query);
}

/**
 * The sentence with the visitor's words in its hole, last and through a function: a `#` in them stays
 * (the count went in first) and `$&` is text, not a replacement pattern.
 */
const fill = (template: string, query: string) => template.replace("{query}", () => query);

/** The result list's markup for `query` in `live` (the element under a box). */
export function showResults(
  doc: Document,
  live: HTMLElement,
  query: string,
  found: readonly SearchDocument[],
  texts: Texts,
): void {
  live.replaceChildren();
  if (query === "") return;
  const status = doc.createElement("p");
  status.className = "site-search__status";
  status.setAttribute("role", "status");
  status.textContent =
    found.length === 0 ? fill(texts.none, query) : countSentence(doc, texts, found.length, query);
  live.append(status);
  if (found.length === 0) return;
  const list = doc.createElement("ul");
  list.className = "search-results";
  for (const result of found.slice(0, shownResults)) list.append(resultItem(doc, result, query));
  live.append(list);
}

/** One result: its title as a link, the page it is on, and the words around the match. */
export function resultItem(doc: Document, result: SearchDocument, query: string): HTMLLIElement {
  const item = doc.createElement("li");
  item.className = "search-result";
  const link = doc.createElement("a");
  link.className = "search-result__link";
  link.href = result.url;
  link.textContent = result.title;
  const external = /^https?:/.test(result.url);
  if (external) {
    link.target = "_blank";
    link.rel = "noopener noreferrer";
  }
  const where = doc.createElement("span");
  where.className = "search-result__page";
  where.textContent = result.page;
  const words = doc.createElement("p");
  words.className = "search-result__snippet";
  for (const part of snippet(result.text, query)) {
    if (part.mark) {
      const mark = doc.createElement("mark");
      mark.textContent = part.text;
      words.append(mark);
    } else words.append(part.text);
  }
  item.append(link, ...(result.page ? [where] : []), words);
  return item;
}

/** Attaches live results to the search forms of `doc`, with `search` answering queries. */
export function attachLiveSearch(doc: Document, search: Search): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>(`form[${searchAttributes.form}]`)) {
    const input = form.querySelector<HTMLInputElement>('input[type="search"]');
    const live = form.querySelector<HTMLElement>(`[${searchAttributes.live}]`);
    const texts = JSON.parse(form.getAttribute(searchAttributes.texts) ?? "{}") as Texts;
    if (!input || !live) continue;
    const update = () => {
      const query = normalizeQuery(input.value);
      showResults(doc, live, query, query === "" ? [] : search(query), texts);
    };
    input.addEventListener("input", update);
    // Escape empties the list (the browser's own Escape clears the box), and focus stays in the box.
    input.addEventListener("keydown", (event) => {
      if (event.key === "Escape") live.replaceChildren();
    });
    if (input.value !== "" && doc.activeElement === input) update();
  }
}

/** Fetches `url`'s documents and makes the page's search forms live. */
export async function startLiveSearch(doc: Document, url: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) return;
  // The build's own file (scripts/search-index.mjs writes it from searchDocumentsSchema's shape); not
  // validated here, which would bring the schema library into this chunk.
  const documents = (await response.json()) as SearchDocument[];
  attachLiveSearch(doc, searchIn(documents));
}
