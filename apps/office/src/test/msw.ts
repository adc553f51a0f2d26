import { setupServer } from "msw/node";

/**
 * The msw server around every test file (vitest isolates modules per file, so each file has its own).
 * No default handlers: each test declares the answers it expects, and any other request fails the test.
 */
export const server = setupServer();
