import { defineConfig, type Plugin } from "vite";

/**
 * The office is a plain single-page app built into dist/ and served by the API under /admin (its
 * index.html for every /admin path, its hashed assets immutable). The API sends it with a strict CSP
 * (script-src 'self'; style-src 'self'), so the build must put nothing inline: one module script by
 * `src`, stylesheets by `href`, and no inlined assets (Vite would otherwise turn small files into data
 * URLs, which `'self'` does not allow for fonts or images).
 */
function noInlineCode(): Plugin {
  return {
    name: "office:no-inline-code",
    apply: "build",
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        // A <script> without src, or any <style>, would be refused by the CSP in production: fail the build.
        const inlineScript = [...html.matchAll(/<script\b[^>]*>/gi)].some(
          (tag) => !/\ssrc=/i.test(tag[0]),
        );
        if (inlineScript || /<style[\s>]/i.test(html) || /\sstyle=/i.test(html))
          throw new Error(
            "index.html would carry an inline script or style, which the office's CSP refuses",
          );
        return html;
      },
    },
  };
}

export default defineConfig({
  base: "/admin/",
  esbuild: { jsx: "automatic" },
  plugins: [noInlineCode()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each screen loads (scripts/size.mjs sums them). The API does not serve it.
    manifest: true,
    assetsInlineLimit: 0,
    // No module preload polyfill: it is an inline-free script, but the office targets evergreen browsers.
    modulePreload: { polyfill: false },
    target: "es2022",
    rollupOptions: {
      onwarn(warning, warn) {
        // Libraries mark their React modules "use client" for server-component bundlers; this app has none.
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
  server: {
    // `pnpm dev`: the API (npm start, port 8080) answers /api.
    proxy: { "/api": "http://localhost:8080" },
  },
});
