import escapeHtml from "escape-html";
import { prerenderToNodeStream } from "react-dom/static";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "./root";
import { Head, HeadTagsInTree } from "./lib/head";
import { organizationJsonLd } from "./lib/seo";
import { lazyPages, routeFor } from "./routes";

/** The built files a page needs, as paths from the site root (read from Vite's manifest by the prerender script). */
export interface DocumentAssets {
  /** Stylesheets: the site's and the page's own, linked in <head> so the first paint is styled. */
  styles: string[];
  /** The browser entry (entry.client.tsx), then every module the page needs: all fetched at once. */
  modules: string[];
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

/**
 * The one inline script: it starts fetching the app's modules (all at once, no import waterfall) once
 * the browser has shown the page's first content, so on a slow line the HTML and styles get the
 * bandwidth first and the content shows before any script is on its way. Browsers without paint timing
 * (and pages opened in a background tab, which do not paint) wait for the load event instead. The
 * API's CSP allows the script by its hash.
 */
function bootstrap(modules: string[]): string {
  const list = scriptJson(modules);
  return [
    `const load=()=>setTimeout(()=>{for(const m of ${list})import(m)});`,
    `const P=window.PerformanceObserver;`,
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.includes("paint")&&document.visibilityState==="visible"){`,
    `const o=new P((l)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();load()}});`,
    `o.observe({type:"paint",buffered:true})}else addEventListener("load",load,{once:true})`,
  ].join("");
}

/** The route that renders `url` (a path, possibly with a query or hash). */
const routeAt = (url: string) => routeFor(new URL(url, "http://prerender.invalid").pathname);

/** The file (relative to app/) of the page module that renders `url`: its chunk's assets go in the document. */
export function pageFileFor(url: string): string {
  return routeAt(url).file;
}

/**
 * The complete HTML document of the page at `url`, rendered at build time. The app is rendered into
 * #root exactly as the browser will hydrate it (same tree, so the same ids); the head tags are written
 * here from the page's meta, once, and the browser's React claims them on hydration.
 */
export async function renderDocument(url: string, assets: DocumentAssets): Promise<string> {
  const page = await routeAt(url).load();
  const headTags = renderToStaticMarkup(<Head tags={page.meta()} />);

  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <HeadTagsInTree value={false}>
      <StaticRouter location={url}>
        <App pages={lazyPages()} />
      </StaticRouter>
    </HeadTagsInTree>,
    {
      // React would move any boundary bigger than this into a hidden block placed by an inline script
      // (invisible without JavaScript, and blocked by the CSP): keep all content inline.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        errors.push(error);
      },
    },
  );
  const body = await readAll(prelude);
  if (errors.length > 0) throw new AggregateError(errors, `Rendering ${url} failed`);
  if (/<(title|meta|link)\b/.test(body.slice(0, 200)))
    throw new Error(`${url}: head tags leaked into the page body`);

  // JSON-LD is data, not script: CSP does not execute it.
  const jsonLd = scriptJson(organizationJsonLd());
  const link = (rel: string, href: string, extra = "") =>
    `<link rel="${rel}" href="${escapeHtml(href)}"${extra}/>`;
  return [
    "<!DOCTYPE html>",
    '<html lang="en"><head>',
    '<meta charset="utf-8"/>',
    '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
    '<meta name="theme-color" content="#0b4f4a"/>',
    '<meta name="format-detection" content="telephone=no"/>',
    headTags,
    link("icon", "/favicon.ico", ' sizes="32x32"'),
    link("icon", "/favicon.svg", ' type="image/svg+xml"'),
    link("apple-touch-icon", "/apple-touch-icon.png"),
    link("manifest", "/site.webmanifest"),
    ...assets.styles.map((href) => link("stylesheet", href)),
    `<script type="application/ld+json">${jsonLd}</script>`,
    "</head><body>",
    `<div id="root">${body}</div>`,
    `<script type="module">${bootstrap(assets.modules)}</script>`,
    "</body></html>",
  ].join("");
}
