import { setupServer } from "msw/node";

/**
 * The msw server the setup file starts around every test file. Vitest isolates modules per test
 * file, so each file gets its own instance. It has no default handlers: each test declares the
 * replies it expects with `server.use(...)`, and any request nobody declared fails the test.
 */
export const server = setupServer();
