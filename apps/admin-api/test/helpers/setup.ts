import { afterAll } from "vitest";
import { closeEmptiedDatabases } from "./test-databases.js";

// Runs before each test file (vitest.config.ts's setupFiles): the SQLite stores test apps hand on to the
// file's next test are closed when the file ends, so no file sees another's.
afterAll(closeEmptiedDatabases);
