import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * packages/shared only declares data and pure functions, but a module-level `${list.length}` there
 * reads a property, which Rollup must assume could have side effects; because every page imports the
 * content barrel, whole content modules (all 36 sectors, say) would then ride along in the first-load
 * chunk of every page. Declaring those modules free of side effects lets each page keep only what it uses.
 */
function sharedIsPure(): Plugin {
  return {
    name: "site:shared-is-pure",
    transform(code, id) {
      if (/[\\/]packages[\\/]shared[\\/]dist[\\/]/.test(id)) return { code, map: null, moduleSideEffects: false };
      return undefined;
    },
  };
}

export default defineConfig({
  plugins: [sharedIsPure(), reactRouter()],
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
