import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // These checks start real processes (docker-compose, a deployed API, the Firestore emulator's JVM).
    testTimeout: 120_000,
    // Both cores, not vitest's default of one fewer (one worker on a two-core host): the image's build
    // test is most of the suite, and the other files (the compose files, the Firestore emulator's rules)
    // ran after it, one at a time, at the end of `npm test`'s first phase (81 s alone, 62 s like this).
    maxWorkers: "100%",
    hookTimeout: 120_000,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
