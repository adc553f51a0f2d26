import { escapeHtml } from "@site/shared/html";
import { prerenderToNodeStream } from "react-dom/static";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "./root";
import { Head, HeadTagsInTree } from "./lib/head";
import { islandAttributes } from "./components/ui/island-loader";
import { islandTree } from "./components/ui/island-hydrate";
import { IslandSlots, islandSlotAttribute, type IslandSlot } from "./components/ui/island";
import { lazyPages, routeFor, type PageText } from "./routes";
import { splitLocalePath } from "@site/shared/i18n";
import { translations } from "@site/shared/i18n/translations";
import { PageLanguageProvider } from "./i18n/messages";
import { ContentProvider } from "./i18n/content";
import { deferredStylesAttribute } from "./lib/deferred-styles";
import { entryAttributes, entryLoaderScript, loaderId } from "./lib/entry-loader";
import { webManifestPath } from "./lib/web-manifest";
import { brandMarkSvg } from "../scripts/brand-mark.mjs";

/** The built files a page needs, as paths from the site root (read from Vite's manifest by the prerender script). */
export interface DocumentAssets {
  /**
   * The page's whole stylesheet: the site's, the page's own and its islands' rules, in that order, written
   * into one <style> in <head>. Nothing blocks the first paint but the page itself (no request, no round
   * trip), and the browser styles and lays out the page once instead of again as each file arrives.
   */
  css: string;
  /**
   * The files `css` was read from. The prerender (scripts/prerender.mjs) keeps inline only the rules the
   * page's own markup uses; these load whole after the first paint (lib/deferred-styles.ts) for what a
   * visitor's taps and the islands show later, or at once, from <noscript>, without JavaScript.
   */
  stylesheets: readonly string[];
  /** The one script the page runs (entry.client.ts: behaviours, prefetching, islands; no React). */
  script: string;
  /** Modules that script imports up front (fetched alongside it, not after it). */
  preloads: string[];
  /** The file of each module the build split out, by its path relative to app/ (islands' code). */
  chunks: Readonly<Record<string, string>>;
}

/** CSS that can sit inside a <style> element: the build's own, which never holds "</style". */
function inlineCss(css: string, url: string): string {
  if (/<\/style/i.test(css))
    throw new Error(`${url}: a stylesheet holds "</style", it cannot be inlined`);
  return css;
}

/** JSON that can sit inside a <script> element: "<" is escaped, so no text in it can close the tag. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

async function readAll(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = "";
  for await (const chunk of stream)
    html += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}

/** A page's HTML and the text of each inline script it runs, which its CSP hashes are computed over. */
export interface RenderedDocument {
  html: string;
  inlineScripts: string[];
}

/** The language of `url` ("/fr/about": French) and its path in English ("/about"). */
const languageAt = (url: string) =>
  splitLocalePath(new URL(url, "http://prerender.invalid").pathname);

/** The route that renders `url` (a path in any language, possibly with a query or hash). */
const routeAt = (url: string) => routeFor(languageAt(url).path);

/** A tree in the texts of one language: the pages' copy and the messages (islands get theirs too). */
function inLanguage(text: PageText, node: React.ReactNode) {
  return (
    <PageLanguageProvider value={{ locale: text.locale, messages: text.messages }}>
      <ContentProvider value={text.content}>{node}</ContentProvider>
    </PageLanguageProvider>
  );
}

/**
 * What the service worker writes into the offline page (the saved pages' list): the prerender keeps
 * its rules inline there, as it does for what the server writes into some pages.
 */
export { offlineMarkers, savedPagesHtml } from "./service-worker/offline-page";

/** The file (relative to app/) of the page module that renders `url`: its chunk's assets go in the document. */
export function pageFileFor(url: string): string {
  return routeAt(url).file;
}

/** Renders `node` to HTML, all of it inline; throws what React reported while rendering. */
async function renderHtml(node: React.ReactNode, what: string, identifierPrefix?: string) {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(node, {
    identifierPrefix,
    // React would move any boundary bigger than this into a hidden block placed by an inline script
    // (invisible without JavaScript, and blocked by the CSP): keep all content inline.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      errors.push(error);
    },
  });
  const html = await readAll(prelude);
  if (errors.length > 0) throw new AggregateError(errors, `Rendering ${what} failed`);
  return html;
}

/**
 * Each island's placeholder in `body` filled with the island rendered as a root of its own (under its
 * own id prefix), tagged with what the browser needs to hydrate just that root: its module's file,
 * its trigger and its props (components/ui/island-loader.ts).
 */
async function fillIslands(
  body: string,
  slots: ReadonlyMap<string, IslandSlot>,
  chunks: DocumentAssets["chunks"],
  url: string,
  text: PageText,
): Promise<string> {
  const placeholder = new RegExp(
    `<div class="island" ${islandSlotAttribute}="([^"]*)"></div>`,
    "g",
  );
  const found = [...body.matchAll(placeholder)];
  if (found.length !== slots.size)
    throw new Error(`${url}: ${slots.size} islands rendered, ${found.length} placeholders found`);
  const filled = await Promise.all(
    found.map(async ([, key = ""], index) => {
      const slot = [...slots.entries()].find(([slotKey]) => escapeHtml(slotKey) === key)?.[1];
      if (!slot) throw new Error(`${url}: no island registered as ${key}`);
      const file = chunks[slot.module];
      if (!file)
        throw new Error(`${url}: the build has no chunk for the island app/${slot.module}`);
      const prefix = `i${index}-`;
      const html = await renderHtml(
        inLanguage(text, islandTree(await slot.load(), slot.props, null)),
        `${url}, island ${slot.module}`,
        prefix,
      );
      const props = Object.keys(slot.props).length > 0 ? JSON.stringify(slot.props) : undefined;
      const attributes = [
        [islandAttributes.module, file],
        [islandAttributes.trigger, slot.trigger],
        [islandAttributes.idPrefix, prefix],
        ...(props ? [[islandAttributes.props, props]] : []),
      ]
        .map(([name, value]) => ` ${name}="${escapeHtml(value ?? "")}"`)
        .join("");
      return `<div class="island"${attributes}>${html}</div>`;
    }),
  );
  let index = 0;
  return body.replace(placeholder, () => filled[index++] ?? "");
}

/**
 * The firm's mark as the pages' SVG icon, written into each page: a request for the icon made before the
 * observed paint joins Lighthouse's graph and ends it (docs/architecture.md). favicon.svg itself, with
 * what a valid URL may not hold as it is escaped (`#`, which would start a fragment, and the spaces and
 * brackets, which are not URL code points) and nothing more: 50-90 bytes of brotli fewer than the same
 * drawing through encodeURIComponent. The file has no `"`, `&` or `%` (scripts/brand-mark.mjs), so the
 * URL stands in a double-quoted attribute as it is.
 */
const faviconDataUrl = (() => {
  const svg = brandMarkSvg().trim();
  if (/["&%]/.test(svg)) throw new Error("prerender: favicon.svg needs escaping to be a data URL");
  const escaped = svg.replace(
    /[#<> ]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `data:image/svg+xml,${escaped}`;
})();

/**
 * The complete HTML document of the page at `url`, rendered at build time. The page stays static
 * HTML in the browser: only its islands are hydrated, each as a root of its own (fillIslands), and
 * the one script (entry.client.ts) attaches the menus' behaviours. The head tags are written here
 * from the page's meta, once.
 */
export async function renderDocument(
  url: string,
  assets: DocumentAssets,
): Promise<RenderedDocument> {
  const { locale } = languageAt(url);
  const text: PageText = translations(locale);
  const page = await routeAt(url).load();
  const headTags = renderToStaticMarkup(<Head tags={page.meta(text)} />);

  // Islands render a placeholder and register here; their code is loaded before the page renders.
  await Promise.all((page.islands ?? []).map((island) => island.preload()));
  const slots = new Map<string, IslandSlot>();
  const rendered = await renderHtml(
    <IslandSlots value={slots}>
      <HeadTagsInTree value={false}>
        {inLanguage(
          text,
          // Under /fr and /sw the router's basename makes every link stay in the page's language.
          <StaticRouter location={url} basename={locale === "en" ? undefined : `/${locale}`}>
            <App pages={lazyPages()} />
          </StaticRouter>,
        )}
      </HeadTagsInTree>
    </IslandSlots>,
    url,
  );
  if (/<(?:title|meta|link)\b/.test(rendered.slice(0, 200)))
    throw new Error(`${url}: head tags leaked into the page body`);
  const body = await fillIslands(rendered, slots, assets.chunks, url, text);

  // JSON-LD is data, not script: CSP does not execute it. A page may have its own (the home page the
  // firm's, a blog post its BlogPosting).
  const pageJsonLd = page.jsonLd ? scriptJson(page.jsonLd(text)) : undefined;
  const link = (rel: string, href: string, extra = "") =>
    `<link rel="${rel}" href="${escapeHtml(href)}"${extra}/>`;
  const html = [
    "<!DOCTYPE html>",
    `<html lang="${locale}"><head>`,
    '<meta charset="utf-8"/>',
    // No first paint until the whole page is parsed (lib/entry-loader.ts, loaderId). A page is one or
    // two flights of TCP (13-16 kB of brotli as built, a post as the API sends it included).
    `<link rel="expect" href="#${loaderId}" blocking="render"/>`,
    '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
    '<meta name="theme-color" content="#0b4f4a"/>',
    '<meta name="format-detection" content="telephone=no"/>',
    headTags,
    link("icon", "/favicon.ico", ' sizes="32x32"'),
    // The mark itself, in the page: no request for it (favicon.svg stays, for the manifest). Not through
    // link(): its escaping would turn the drawing's quotes into entities, for nothing.
    `<link rel="icon" href="${faviconDataUrl}" type="image/svg+xml"/>`,
    link("apple-touch-icon", "/apple-touch-icon.png"),
    // The script adds the manifest's link after the first paint (lib/web-manifest.ts).
    `<noscript>${link("manifest", webManifestPath)}</noscript>`,
    `<style ${deferredStylesAttribute}="${escapeHtml(assets.stylesheets.join(" "))}">${inlineCss(assets.css, url)}</style>`,
    ...(pageJsonLd ? [`<script type="application/ld+json">${pageJsonLd}</script>`] : []),
    "</head><body>",
    `<div id="root">${body}</div>`,
    // The one script starts after the first paint (lib/entry-loader.ts).
    `<script id="${loaderId}" ${entryAttributes.script}="${escapeHtml(assets.script)}" ${entryAttributes.preloads}="${escapeHtml(assets.preloads.join(" "))}">${entryLoaderScript}</script>`,
    `<noscript>${assets.stylesheets.map((href) => link("stylesheet", href)).join("")}</noscript>`,
    page.EndOfBody ? renderToStaticMarkup(<page.EndOfBody />) : "",
    "</body></html>",
  ].join("");
  // The inline script a browser runs, its text exactly as written: the prerender lists its hash for the
  // server's CSP. The JSON-LD blocks are data, which CSP does not govern: their hashes would only add
  // 55 bytes each to every answer's headers, and the first flight of TCP has none to spare.
  return { html, inlineScripts: [entryLoaderScript] };
}
