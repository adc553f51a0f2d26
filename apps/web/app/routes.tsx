import { lazy, type ComponentType } from "react";
import type { MetaDescriptor } from "react-router";
import { blogSubpagePaths } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { routeById, thoughtLeadershipSubpagePaths, type RouteId } from "@site/shared/content";
import { searchPath } from "@site/shared/search";
import { offlinePath } from "@site/shared/service-worker";
import { trimTrailingSlashes } from "@site/shared/i18n";
import type { Island } from "./components/ui/island";
import { Head } from "./lib/head";
import type { PageInfo } from "./lib/seo";
import { useLocale, useMessages } from "./i18n/messages";
import { useContent } from "./i18n/content";

/** The language a page is rendered in: what its head tags are written from, beside its path. */
export type PageText = Omit<PageInfo, "path">;

/** What every module under routes/ exports: the page, the tags of its <head>, and its islands. */
export interface PageModule {
  default: ComponentType;
  /** The page's head tags; a module serving several paths (the blog's) reads the path it is for. */
  meta: (page: PageInfo) => MetaDescriptor[];
  /** Structured data of the page beside the firm's (a blog post's BlogPosting), written into its head. */
  jsonLd?: (page: PageInfo) => Record<string, unknown>;
  /** Parts of the page that load their code on demand (components/ui/island.tsx). */
  islands?: readonly Pick<Island<never>, "preload">[];
  /**
   * Static markup written last in the body, after the page's script: what the API fills in per answer
   * (a post's comment form start time), so that all before it is the same in every answer.
   */
  EndOfBody?: ComponentType;
}

/** One entry of the route table: the path, and the module under routes/ that renders it. */
export interface PageRoute {
  path: string;
  /** File of the page module, relative to app/ (the build manifest knows each chunk by it). */
  file: string;
  load: () => Promise<BoundPageModule>;
}

/** A route as the router renders it: a path and the component (the page with its head tags). */
export interface PageEntry {
  path: string;
  Component: ComponentType;
}

// Each page is its own chunk, loaded when its route is first rendered.
const modules = import.meta.glob<PageModule>(["./routes/*.tsx", "!./routes/*.test*.tsx"]);

function pageRoute(path: string, name: string): PageRoute {
  const load = modules[`./routes/${name}.tsx`];
  if (!load) throw new Error(`No page module routes/${name}.tsx`);
  return { path, file: `routes/${name}.tsx`, load: async () => atPath(await load(), path) };
}

/** A page module with its meta and JSON-LD bound to its path: callers pass only the language. */
export interface BoundPageModule extends Omit<PageModule, "meta" | "jsonLd"> {
  meta: (text: PageText) => MetaDescriptor[];
  jsonLd?: (text: PageText) => Record<string, unknown>;
}

/** The module with its meta (and JSON-LD) bound to `path` (its English path), whatever the page. */
export function atPath(module: PageModule, path: string): BoundPageModule {
  const { jsonLd, meta, ...rest } = module;
  return {
    ...rest,
    meta: (text) => meta({ ...text, path }),
    ...(jsonLd ? { jsonLd: (text: PageText) => jsonLd({ ...text, path }) } : {}),
  };
}

const pathOf = (id: RouteId) => routeById(id).path;

/**
 * The one route table. Paths come from the shared route list the sitemap and the server also read.
 * "*" answers every other path, the not-found page prerendered at `notFoundPath` included (the server
 * sends it with status 404).
 */
export const pageRoutes: readonly PageRoute[] = [
  pageRoute(pathOf("home"), "home"),
  pageRoute(pathOf("about"), "about"),
  pageRoute(pathOf("experts"), "experts"),
  pageRoute(pathOf("services"), "services"),
  pageRoute(pathOf("industries"), "industries"),
  pageRoute(pathOf("thought-leadership"), "thought-leadership"),
  // Each filter choice is a prerendered page of its own (its address is the filter's state).
  ...thoughtLeadershipSubpagePaths().map((path) => pageRoute(path, "thought-leadership")),
  pageRoute(pathOf("blog"), "blog"),
  // Each category's list and each post is a concrete path, prerendered like any other page.
  ...blogSubpagePaths(blogPosts).map((path) =>
    pageRoute(path, path.startsWith("/blog/category/") ? "blog" : "blog-post"),
  ),
  pageRoute(pathOf("careers"), "careers"),
  pageRoute(pathOf("contact"), "contact"),
  pageRoute(pathOf("privacy"), "privacy"),
  // The search's results page (the API fills in the results of `?q=`); outside the menus and sitemap.
  pageRoute(searchPath, "search"),
  // What the service worker answers offline for a page not saved on the device; outside the menus and sitemap.
  pageRoute(offlinePath, "offline"),
  pageRoute("*", "not-found"),
];

/** The route that renders `pathname` (in English: no language prefix), as the router would pick it. */
export function routeFor(pathname: string): PageRoute {
  const path = pathname.length > 1 ? trimTrailingSlashes(pathname) : pathname;
  const found =
    pageRoutes.find((route) => route.path === path) ??
    pageRoutes.find((route) => route.path === "*");
  if (!found) throw new Error("The route table has no catch-all route");
  return found;
}

/** The page of a loaded module, with its head tags in the page's language. */
export function pageComponent(module: BoundPageModule): ComponentType {
  const Page = module.default;
  function PageWithHead() {
    const text: PageText = { locale: useLocale(), messages: useMessages(), content: useContent() };
    return (
      <>
        <Head tags={module.meta(text)} />
        <Page />
      </>
    );
  }
  PageWithHead.displayName = `Page(${Page.displayName ?? Page.name})`;
  return PageWithHead;
}

/**
 * The route table as lazily loaded pages: what the browser and the prerender render. The first page
 * loaded is the one being hydrated, whose islands wait for the visitor; a page navigated to later also
 * waits for its islands' code, so it appears whole (navigations keep the old page up until then).
 */
export function lazyPages(): PageEntry[] {
  let hydrating = true;
  return pageRoutes.map((route) => ({
    path: route.path,
    Component: lazy(async () => {
      const withIslands = !hydrating;
      hydrating = false;
      const module = await route.load();
      if (withIslands) await Promise.all((module.islands ?? []).map((island) => island.preload()));
      return { default: pageComponent(module) };
    }),
  }));
}
