import { defineConfig } from "vitest/config";

// Unit tests need none of the build's settings: esbuild's automatic JSX runtime is all components need.
//
// Test files share their worker's modules and window (isolate: false), as the web's do: isolated, each
// file paid for a fresh happy-dom window and the setup file's imports (Testing Library, jest-dom, msw),
// React and the app's modules again. What a file could leave behind for the next is put back between
// files (src/test/setup.ts) and after each test (restoreMocks: every vi.spyOn is undone).
export default defineConfig({
  esbuild: { jsx: "automatic" },
  test: {
    environment: "happy-dom",
    setupFiles: ["src/test/setup.ts"],
    isolate: false,
    restoreMocks: true,
    include: ["src/**/*.test.{ts,tsx}"],
    // happy-dom on a 2-core machine is slow to start; give user-event flows room.
    testTimeout: 15_000,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
