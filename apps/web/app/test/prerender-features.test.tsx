import { QueryClientProvider } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contactContent, newsletterContent } from "@site/shared/content";
import { ContactForm } from "../features/contact/contact-form";
import { NewsletterBlock } from "../features/newsletter/newsletter-block";
import { createQueryClient } from "../lib/query-client";

// The build prerenders each route with React's server renderer and the browser hydrates that HTML.
// These tests do the same to each feature: the content must be in the server HTML, and hydrating it
// must not make React report a mismatch (dates, generated ids, initial state).
const withClient = (ui: ReactElement) => (
  <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
);

let container: HTMLElement | undefined;
afterEach(() => {
  container?.remove();
  container = undefined;
});

async function prerenderThenHydrate(ui: ReactElement) {
  const html = renderToString(withClient(ui));
  container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  const root = hydrateRoot(container, withClient(ui), {
    onRecoverableError: (error) => recoverable.push(error),
  });
  await act(async () => {});
  const errors = consoleError.mock.calls;
  consoleError.mockRestore();
  return { html, recoverable, errors, unmount: () => act(() => root.unmount()) };
}

describe("prerendered features", () => {
  it("Contact form: every field in the HTML, hydrated without mismatch", async () => {
    const { html, recoverable, errors, unmount } = await prerenderThenHydrate(<ContactForm />);
    expect(html).toContain(contactContent.formHeading);
    for (const name of ["name", "email", "phone", "subject", "description", "website"]) {
      expect(html).toContain(`name="${name}"`);
    }
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    expect(screen.getByRole("textbox", { name: "Email" })).toBeInTheDocument();
    unmount();
  });

  it("Newsletter block: heading, field and button in the HTML, hydrated without mismatch", async () => {
    const { html, recoverable, errors, unmount } = await prerenderThenHydrate(<NewsletterBlock />);
    expect(html).toContain(newsletterContent.heading);
    expect(html).toContain('type="email"');
    expect(html).toContain(newsletterContent.button);
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    unmount();
  });
});
