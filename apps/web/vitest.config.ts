import { defineConfig } from "vitest/config";

// Unit tests need none of vite.config.ts's build settings (two builds, the chunk map for the
// prerender): esbuild's automatic JSX runtime is all components need here.
export default defineConfig({
  esbuild: { jsx: "automatic" },
  test: {
    environment: "happy-dom",
    setupFiles: ["app/test/setup.ts"],
    include: ["app/**/*.test.{ts,tsx}", "test/**/*.test.ts"],
    // happy-dom on a 2-core machine is slow to start; give user-event flows room.
    testTimeout: 15_000,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
