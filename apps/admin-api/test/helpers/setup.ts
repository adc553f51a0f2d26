import { afterAll } from "vitest";
import { removeSiteCopies } from "./post-site.js";
import { closeEmptiedDatabases } from "./test-databases.js";

// Runs before each test file (vitest.config.ts's setupFiles): the SQLite stores test apps hand on to the
// file's next test are closed when the file ends, so no file sees another's, and the copies of the
// fixture site it made are removed (they were left in the system's temporary folder, ~20 a run).
afterAll(async () => {
  await closeEmptiedDatabases();
  await removeSiteCopies();
});
