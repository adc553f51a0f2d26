import type { Config } from "@react-router/dev/config";
import { notFoundPath, routePaths } from "@site/shared/content";

/**
 * No server rendering at runtime: every page is rendered once at build time to its own HTML file
 * (content readable before any script runs), then hydrated. The not-found page is prerendered at
 * a concrete path because prerendering refuses non-200 responses; the API sends that file with
 * status 404 for unknown paths.
 */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: false,
  prerender: [...routePaths, notFoundPath],
} satisfies Config;
