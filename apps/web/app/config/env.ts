import { firm } from "@site/shared/content";
import { trimTrailingSlashes } from "@site/shared/i18n";

/**
 * The web app's configuration, read once from Vite's public environment (VITE_*) at build time.
 * The only module allowed to read import.meta.env (ESLint enforces it), so every other module
 * receives plain typed values.
 */
export interface WebEnv {
  /** Origin of the API; "" means same origin (the API serves the site). */
  apiBaseUrl: string;
  /** Absolute origin the site is published at, without a trailing slash; canonical URLs use it. */
  siteUrl: string;
}

function readEnv(source: Record<string, string | boolean | undefined>): WebEnv {
  const text = (value: string | boolean | undefined): string => (typeof value === "string" ? value.trim() : "");
  const stripSlash = trimTrailingSlashes;
  return {
    apiBaseUrl: stripSlash(text(source["VITE_API_BASE_URL"])),
    siteUrl: stripSlash(text(source["VITE_SITE_URL"]) || firm.siteUrl),
  };
}

export const env: WebEnv = readEnv(import.meta.env);
