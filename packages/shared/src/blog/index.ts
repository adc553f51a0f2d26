export * from "./schema.js";
export * from "./markdown.js";
export * from "./load.js";
export * from "./related.js";
export * from "./comment-thread.js";
