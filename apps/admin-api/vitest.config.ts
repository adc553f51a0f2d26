import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // SQLite files, SMTP servers and HTTP servers are real; give slow machines room.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // firebase-admin must never probe Google's metadata server from a test (see test/helpers/process.ts).
    env: { METADATA_SERVER_DETECTION: "none", GCE_METADATA_HOST: "127.0.0.1:9" },
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
