import { act, render } from "@testing-library/react";
import type { ComponentType } from "react";
import { MemoryRouter } from "react-router";
import { App } from "../root";
import { blogSubpagePaths } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { thoughtLeadershipSubpagePaths } from "@site/shared/content";
import { atPath, pageComponent, type PageEntry, type PageModule } from "../routes";
import * as about from "./about";
import * as blog from "./blog";
import * as blogPost from "./blog-post";
import * as careers from "./careers";
import * as contact from "./contact";
import * as experts from "./experts";
import * as home from "./home";
import * as industries from "./industries";
import * as notFound from "./not-found";
import * as services from "./services";
import * as thoughtLeadership from "./thought-leadership";

/** The route table of routes.tsx with its pages loaded up front, so a test renders them at once. */
const modules: Record<string, PageModule> = {
  "/": home,
  "/about": about,
  "/experts": experts,
  "/services": services,
  "/industries": industries,
  "/thought-leadership": thoughtLeadership,
  ...Object.fromEntries(thoughtLeadershipSubpagePaths().map((path) => [path, thoughtLeadership])),
  "/blog": blog,
  // As in routes.tsx: each category's list and each post at its own path.
  ...Object.fromEntries(
    blogSubpagePaths(blogPosts).map((path) => [
      path,
      path.startsWith("/blog/category/") ? blog : blogPost,
    ]),
  ),
  "/careers": careers,
  "/contact": contact,
  "*": notFound,
};
const pages: PageEntry[] = Object.entries(modules).map(([path, module]) => ({
  path,
  Component: pageComponent(atPath(module, path)),
}));

/** Every island any page uses (the forms' code), loaded as a visitor's browser loads it. */
const islandsLoaded = () =>
  Promise.all(
    Object.values(modules).flatMap((module) =>
      (module.islands ?? []).map((island) => island.preload()),
    ),
  );

/**
 * Renders the site at `path` like the browser would after hydration (header, footer, providers, head
 * tags), in a memory router. `extra` adds routes (e.g. one that throws, to reach the error boundary).
 * Like a page the browser navigates to, it first waits for the islands' code (the forms), so a test
 * never races the import of a form's libraries: under load that import alone can take seconds.
 */
export async function renderRoute(
  path: string,
  extra: { path: string; Component: ComponentType }[] = [],
) {
  await islandsLoaded();
  let result: ReturnType<typeof render> | undefined;
  await act(async () => {
    result = render(
      <MemoryRouter initialEntries={[path]}>
        <App pages={[...pages, ...extra]} />
      </MemoryRouter>,
    );
  });
  return result as ReturnType<typeof render>;
}
