import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // SQLite files, SMTP servers and HTTP servers are real; give slow machines room.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
