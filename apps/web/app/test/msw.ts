import { setupServer } from "msw/node";

/**
 * The msw server the setup file starts around every test file and closes after it. Test files share
 * their worker's modules (vitest.config.ts), so files in one worker use this one instance in turn; it
 * has no default handlers and forgets each test's after it (setup.ts): each test declares the replies
 * it expects with `server.use(...)`, and any request nobody declared fails the test.
 */
export const server = setupServer();
