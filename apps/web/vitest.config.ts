import { defineConfig } from "vitest/config";

// Unit tests need none of vite.config.ts's build settings (two builds, the chunk map for the
// prerender): esbuild's automatic JSX runtime is all components need here.
//
// Test files share their worker's modules and window (isolate: false). Isolated, each of the thirty
// files paid for a fresh happy-dom window, the setup file's imports (Testing Library, jest-dom, msw)
// and React and the app's modules again: on the two-core host that set-up was more than half of the
// suite's time (the 356 tests took 88 s of CPU isolated, 35 s shared, on the same host). What a file could
// leave behind for the next one is put back between files (app/test/setup.ts) and after each test
// (restoreMocks: every vi.spyOn is undone, a spied window.location included).
const shared = { isolate: false, restoreMocks: true, setupFiles: ["app/test/setup.ts"] };

export default defineConfig({
  esbuild: { jsx: "automatic" },
  test: {
    // happy-dom on a 2-core machine is slow to start; give user-event flows room.
    testTimeout: 15_000,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
    projects: [
      {
        extends: true,
        test: {
          name: "dom",
          environment: "happy-dom",
          include: ["app/**/*.test.{ts,tsx}"],
          exclude: ["app/test/prerender-features.test.tsx"],
          ...shared,
        },
      },
      {
        // Server rendering then hydrating in one module graph: React's context objects remember the
        // last renderer that used them, so another file's client renders must not have touched them.
        extends: true,
        test: {
          name: "dom-isolated",
          environment: "happy-dom",
          include: ["app/test/prerender-features.test.tsx"],
          setupFiles: shared.setupFiles,
        },
      },
      {
        // The build's pages, parsed by their own inert happy-dom window (test/built-pages.ts).
        extends: true,
        test: { name: "build", environment: "node", include: ["test/**/*.test.ts"], ...shared },
      },
    ],
  },
});
