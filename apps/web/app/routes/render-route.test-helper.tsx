import { render } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { App, ErrorBoundary } from "../root";
import AboutPage from "./about";
import CareersPage from "./careers";
import ContactPage from "./contact";
import ExpertsPage from "./experts";
import HomePage from "./home";
import IndustriesPage from "./industries";
import NotFoundPage from "./not-found";
import ServicesPage from "./services";
import ThoughtLeadershipPage from "./thought-leadership";

/** The app's pages under the real layout (header, footer, providers), in a memory router. */
const pages: Record<string, ComponentType> = {
  "/": HomePage,
  "/about": AboutPage,
  "/experts": ExpertsPage,
  "/services": ServicesPage,
  "/industries": IndustriesPage,
  "/thought-leadership": ThoughtLeadershipPage,
  "/careers": CareersPage,
  "/contact": ContactPage,
  "*": NotFoundPage,
};

/**
 * Renders the site at `path` like the browser would after hydration, minus the <html> document.
 * `extra` adds routes (e.g. one that throws, to reach the error boundary).
 */
export function renderRoute(path: string, extra: { path: string; Component: ComponentType }[] = []) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: App,
      ErrorBoundary,
      children: [
        ...Object.entries(pages).map(([pagePath, Component]) =>
          pagePath === "/" ? { index: true, Component } : { path: pagePath, Component },
        ),
        ...extra,
      ],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}
