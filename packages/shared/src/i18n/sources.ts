/** Both catalogues' English trees, for the build scripts, the prerender and the API. */
import { contentSources } from "./content-sources.js";
import { messageSources } from "./message-sources.js";

export * from "./message-sources.js";
export * from "./content-sources.js";

export const catalogueNames = ["messages", "content"] as const;
export type CatalogueName = (typeof catalogueNames)[number];

export const catalogueSources: Readonly<Record<CatalogueName, Record<string, unknown>>> = {
  messages: messageSources,
  content: contentSources,
};
