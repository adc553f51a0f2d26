export * from "./schema.js";
export * from "./markdown.js";
export * from "./posts.js";
