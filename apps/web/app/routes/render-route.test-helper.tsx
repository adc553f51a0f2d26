import { render } from "@testing-library/react";
import type { ComponentType } from "react";
import { MemoryRouter } from "react-router";
import { App } from "../root";
import { pageComponent, type PageEntry, type PageModule } from "../routes";
import * as about from "./about";
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
  "/careers": careers,
  "/contact": contact,
  "*": notFound,
};
const pages: PageEntry[] = Object.entries(modules).map(([path, module]) => ({
  path,
  Component: pageComponent(module),
}));

/**
 * Renders the site at `path` like the browser would after hydration (header, footer, providers, head
 * tags), in a memory router. `extra` adds routes (e.g. one that throws, to reach the error boundary).
 */
export function renderRoute(
  path: string,
  extra: { path: string; Component: ComponentType }[] = [],
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App pages={[...pages, ...extra]} />
    </MemoryRouter>,
  );
}
