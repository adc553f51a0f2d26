import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type UserConfig } from "vite";

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
      if (/[\\/]packages[\\/]shared[\\/]dist[\\/]/.test(id))
        return { code, map: null, moduleSideEffects: false };
      return undefined;
    },
  };
}

/**
 * Writes .vite/page-chunks.json: for each page module under app/routes/, the file of the chunk that
 * holds it. Vite's manifest names a chunk by its module only when the chunk exports exactly that
 * module's exports; a page that shares code with its own islands (the contact page with its form)
 * is a chunk the manifest lists under a made-up name. The prerender needs the real one.
 */
function pageChunks(): Plugin {
  return {
    name: "site:page-chunks",
    apply: (_config, env) => !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const pages: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        for (const id of output.moduleIds) {
          const page = /[\\/]app[\\/](routes[\\/][^\\/]+\.tsx)$/.exec(id)?.[1];
          if (page) pages[page.replace(/\\/g, "/")] = output.fileName;
        }
      }
      this.emitFile({
        type: "asset",
        fileName: ".vite/page-chunks.json",
        source: JSON.stringify(pages, null, 2),
      });
    },
  };
}

/**
 * The islands' modules (app/features/<feature>/<name>-island.tsx, see components/ui/island.tsx). Each
 * is an input of the browser's build: the static page loads an island's chunk by its URL with no page
 * code around it, so the chunk must stand alone (as an input it shares code with the pages only through
 * common chunks, never by importing a page's chunk).
 */
const islandInputs = () => {
  const features = new URL("./app/features/", import.meta.url);
  return readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((feature) =>
      readdirSync(new URL(`${feature.name}/`, features))
        .filter((file) => file.endsWith("-island.tsx"))
        .map((file) => `app/features/${feature.name}/${file}`),
    );
};

/**
 * Two builds (package.json "build"): the browser's, with a manifest of its chunks; and with --ssr,
 * app/entry.prerender.tsx for Node, which scripts/prerender.mjs runs once per route to write each
 * page's HTML. The browser's build has as inputs app/entry.client.ts, the one script pages run (it
 * loads an island's chunk when the island is wanted), the islands, and the layout (app/root.tsx) and
 * the route table (app/routes.tsx, one chunk per page), whose chunks only give the prerender each
 * page's stylesheets: the pages are static HTML, their JavaScript never runs in the browser.
 */
/** Libraries mark their React modules "use client" for server-component bundlers; this app has none. */
const onwarn: NonNullable<NonNullable<UserConfig["build"]>["rollupOptions"]>["onwarn"] = (
  warning,
  warn,
) => {
  if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
};

// "~/..." is the app folder, as declared in tsconfig.json's paths (vitest.config.ts mirrors it).
const resolve = { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } };

/**
 * The few constants the one script shares with the pages' modules (the service worker's path; the offline
 * page's) ride in the small helper chunk every page loads anyway, rather than in a chunk of their own: one
 * request fewer on every page.
 */
const helperChunk = (id: string) =>
  id.includes("vite/preload-helper") ||
  /[\\/]packages[\\/]shared[\\/]dist[\\/]service-worker[\\/]/.test(id) ||
  // The page script's two small modules the forms share (the saved-submissions flag, idempotency keys).
  /[\\/]app[\\/]lib[\\/](?:pending-flag|idempotency-key)\.ts$/.test(id) ||
  // The attributes the Thought Leadership page's markup shares with the one script's filter and
  // prefetching (the page's own module never runs in the browser).
  /[\\/]app[\\/](?:lib[\\/]prefetch|features[\\/]thought-leadership[\\/]filter|features[\\/]search[\\/]attributes)\.ts$/.test(
    id,
  )
    ? "preload-helper"
    : undefined;

/**
 * The third build (`vite build --mode sw`): the service worker, app/service-worker/sw.ts with the Workbox
 * modules it uses, as one classic script build/sw/sw.js (every browser runs a classic worker). Then
 * scripts/postbuild.mjs writes it to build/client/sw.js with its precache list (scripts/service-worker.mjs).
 */
const serviceWorkerBuild: UserConfig = {
  plugins: [sharedIsPure()],
  resolve,
  // Workbox logs its decisions unless built for production.
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  publicDir: false,
  build: {
    outDir: "build/sw",
    emptyOutDir: true,
    target: "es2022",
    modulePreload: false,
    rollupOptions: {
      input: "app/service-worker/sw.ts",
      output: { format: "iife", entryFileNames: "sw.js" },
      onwarn,
    },
  },
};

export default defineConfig(({ isSsrBuild, mode }) =>
  mode === "sw"
    ? serviceWorkerBuild
    : {
        plugins: [sharedIsPure(), pageChunks()],
        resolve,
        esbuild: { jsx: "automatic" },
        build: isSsrBuild
          ? {
              outDir: "build/server",
              target: "node20",
              emptyOutDir: true,
              copyPublicDir: false,
              rollupOptions: { onwarn },
            }
          : {
              outDir: "build/client",
              emptyOutDir: true,
              manifest: true,
              rollupOptions: {
                input: ["app/entry.client.ts", ...islandInputs(), "app/root.tsx", "app/routes.tsx"],
                onwarn,
                output: { manualChunks: helperChunk },
              },
              // Tiny assets (pattern tiles) are inlined; everything else is a hashed file cached forever.
              assetsInlineLimit: 2048,
              target: "es2022",
            },
        server: { host: "127.0.0.1" },
        preview: { host: "127.0.0.1" },
      },
);
