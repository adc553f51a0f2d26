export * from "./types.js";
export * from "./firm.js";
export * from "./navigation.js";
