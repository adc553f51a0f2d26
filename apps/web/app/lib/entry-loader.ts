/**
 * How a built page starts its one script (entry.client.ts): a few hundred bytes of inline script at the
 * end of <body> that adds the module, and the modules it imports up front, once the browser has painted
 * the page's content. A module script written into the HTML runs as soon as the page is parsed, and on a
 * cheap phone that is before the first paint: the page waited for a script none of its content needs
 * (every page is complete HTML; the menus, the filter and the forms work without it). After the paint,
 * the script still arrives long before a visitor's first tap.
 *
 * The loader's text is the same on every page and in every build (the files come from the element's
 * attributes), so the Content-Security-Policy hash the prerender lists for it never changes. Browsers
 * without paint timing start the script at the load event instead.
 */

/** The attributes the loader reads from its own <script> element. */
export const entryAttributes = {
  /** The module to run: the built entry.client.ts. */
  script: "data-entry",
  /** Modules it imports up front, space-separated, fetched alongside it rather than after it. */
  preloads: "data-preloads",
} as const;

/**
 * The loader element's id. The page's first paint waits until the parser reaches it (`<link rel="expect"
 * blocking="render">` in the head): the whole page is parsed, styled and laid out once, before the paint,
 * and not again in a long task after it, where it would block a tap.
 */
export const loaderId = "page-end";

/** The attribute entry.client.ts sets on <html> once the page's behaviours are attached. */
export const enhancedAttribute = "data-enhanced";

/** The loader itself: plain ES5, so any browser reads it; only module-capable ones run the module. */
export const entryLoaderScript = [
  "(function(d,w){",
  "var s=d.currentScript,done=false;",
  "function start(){if(done)return;done=true;",
  `(s.getAttribute("${entryAttributes.preloads}")||"").split(" ").forEach(function(h){`,
  'if(!h)return;var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});',
  'var e=d.createElement("script");e.type="module";',
  `e.src=s.getAttribute("${entryAttributes.script}");d.body.appendChild(e)}`,
  "var P=w.PerformanceObserver,t=P&&P.supportedEntryTypes;",
  // The first contentful paint, not the first paint: that can be the page's background alone.
  'if(t&&t.indexOf("paint")>=0)new P(function(l,o){',
  'if(!l.getEntriesByName("first-contentful-paint").length)return;',
  'o.disconnect();setTimeout(start)}).observe({type:"paint",buffered:true});',
  'else if(d.readyState==="complete")start();else w.addEventListener("load",start);',
  "})(document,window)",
].join("");
