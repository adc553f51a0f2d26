import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { server } from "./msw";

// findBy*/waitFor wait for what a screen will show, not for how fast it shows it: Testing Library's
// default of one second made them a timing check. A screen's first render is two mocked round trips
// (/me, then its data) and React's work, which on a two-core host running the build, the linters and
// the other suites beside this one (npm test does) took 1.9 s once. A screen that never shows its
// content still fails, after five seconds.
configure({ asyncUtilTimeout: 5_000 });

// The network is mocked at the fetch edge for every test file; a request no test declared is a failure.
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());

// Test files share their worker's window (vitest.config.ts, isolate: false): each file starts from the
// page as the environment made it, whatever the file before it changed (the URL, the title, what it added
// to the head or the body, storage).
if (typeof document !== "undefined") {
  const start = {
    url: window.location.href,
    title: document.title,
    head: document.head.innerHTML,
  };
  afterAll(() => {
    window.history.replaceState(null, "", start.url);
    document.title = start.title;
    document.head.innerHTML = start.head;
    document.body.replaceChildren();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
}
