import { defineConfig } from "vitest/config";

// Unit tests need none of the build's settings: esbuild's automatic JSX runtime is all components need.
export default defineConfig({
  esbuild: { jsx: "automatic" },
  test: {
    environment: "happy-dom",
    setupFiles: ["src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    // happy-dom on a 2-core machine is slow to start; give user-event flows room.
    testTimeout: 15_000,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
