import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { server } from "./msw";

// Network is mocked at the fetch edge for every test file; a request no test declared is a failure.
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

// Test files share their worker's window (vitest.config.ts, isolate: false): each file starts from the
// page as the environment made it, whatever the file before it changed (the URL, the title, the
// document's language, what it added to the head or the body, storage).
if (typeof document !== "undefined") {
  const start = {
    url: window.location.href,
    title: document.title,
    head: document.head.innerHTML,
    html: [...document.documentElement.attributes].map(({ name, value }) => [name, value]),
    body: [...document.body.attributes].map(({ name, value }) => [name, value]),
  };
  const setAttributes = (element: Element, attributes: string[][]) => {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
    for (const [name = "", value = ""] of attributes) element.setAttribute(name, value);
  };
  afterAll(() => {
    window.history.replaceState(null, "", start.url);
    document.title = start.title;
    document.head.innerHTML = start.head;
    document.body.replaceChildren();
    setAttributes(document.documentElement, start.html);
    setAttributes(document.body, start.body);
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
}
