import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  // "~/..." is the app folder, as declared in tsconfig.json's paths (vitest.config.ts mirrors it).
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: {
    // Tiny assets (pattern tiles) are inlined; everything else is a hashed file cached forever.
    assetsInlineLimit: 2048,
    target: "es2022",
  },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
});
