import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // The modules are pure (no window, no server, no clock of their own): test files share their
    // worker's module graph rather than load zod, Lingui and the catalogues again for each of 25 files.
    isolate: false,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
