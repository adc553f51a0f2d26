export * from "./types.js";
export * from "./firm.js";
export * from "./navigation.js";
export * from "./geographies.js";
export * from "./articles.js";
export * from "./services.js";
export * from "./home.js";
