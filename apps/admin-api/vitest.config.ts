import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // SQLite files, SMTP servers and HTTP servers are real; give slow machines room.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // One module graph per worker, shared by the files it runs, instead of the API's sources and their
    // libraries (express, firebase-admin, better-sqlite3...) imported afresh for every file: importing
    // was a third of the suite's CPU. Files share nothing else: the sources build everything through
    // factories, and each file closes its stores, servers and emulators and restores the environment
    // variables it sets, in its own hooks.
    isolate: false,
    // Every core, not vitest's default of one fewer: on a two-core host that default is one worker, and in
    // `npm test` this suite, the longest task of the first phase, ran on one core for its last ~50 s while
    // the other waited (alone here: 196 s with one worker, 112 s with two; every file passes either way).
    maxWorkers: "100%",
    // firebase-admin must never probe Google's metadata server from a test (see test/helpers/process.ts).
    env: { METADATA_SERVER_DETECTION: "none", GCE_METADATA_HOST: "127.0.0.1:9" },
    // After each file, closes the SQLite stores its test apps handed on from test to test (test-databases.ts).
    setupFiles: ["test/helpers/setup.ts"],
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
