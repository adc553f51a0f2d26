import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot, type Root } from "react-dom/client";
import { prerender } from "react-dom/static";
import { createContext, startTransition, useState, type ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contactContent, newsletterContent } from "@site/shared/content";
import { contactMessages, newsletterMessages } from "@site/shared/messages";
import { island, type Island } from "./island";
import { contactsPath } from "../../features/contact/submit-contact";
import { subscriptionsPath } from "../../features/newsletter/subscribe";
import { created, recordPosts } from "../../test/handlers";

// The pages use the forms as islands: prerendered in full at build time, their code loaded only when
// wanted. These tests prerender an island the way the build does (waiting for everything), put the
// HTML in the document and hydrate it as the browser would. An island loads its code once per page
// (per JavaScript realm), so each render gets its own island over the same module: the build's, loaded
// up front as the prerender does, and the browser's, waiting for its trigger.

const contactIsland = () =>
  island(() => import("../../features/contact/contact-island"), "interaction");
const newsletterIsland = () =>
  island(() => import("../../features/newsletter/newsletter-island"), "visible");

let container: HTMLElement | undefined;
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  container = root = undefined;
});

async function prerenderThenHydrate(
  makeIsland: () => Island<object>,
  around: (island: ReactElement) => ReactElement = (island) => island,
  makeBrowserIsland: () => Island<object> = makeIsland,
) {
  const Built = makeIsland();
  void Built.preload();
  const Browser = makeBrowserIsland();
  const ui: ReactElement = around(<Browser />);
  const { prelude } = await prerender(around(<Built />));
  const html = await new Response(prelude).text();
  container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  root = hydrateRoot(container, ui, { onRecoverableError: (error) => recoverable.push(error) });
  await act(async () => {});
  return { html, recoverable };
}

/** Whether React has taken over `element` (it tags the nodes it owns, in production builds too). */
const hydrated = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith("__reactFiber$"));

describe("form islands", () => {
  it("prerender the whole form, which React leaves as it is until the visitor reaches for it", async () => {
    const { html, recoverable } = await prerenderThenHydrate(contactIsland);
    expect(html).toContain(contactContent.formHeading);
    for (const name of ["name", "email", "phone", "subject", "description", "website"])
      expect(html).toContain(`name="${name}"`);
    expect(html).not.toContain("<!--$!-->"); // no client-rendered fallback: the markup is the form itself

    const name = screen.getByRole("textbox", { name: "Name" });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(hydrated(name)).toBe(false);
    expect(recoverable).toEqual([]);
  });

  it("load on the first touch of the form, keep what was typed before and send it", async () => {
    const bodies = recordPosts(contactsPath, () => created());
    const user = userEvent.setup();
    await prerenderThenHydrate(contactIsland);
    const name = screen.getByRole("textbox", { name: "Name" }) as HTMLInputElement;

    // The visitor focuses the field and types before the form's code has arrived.
    name.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    name.value = "Amina Njeri";
    await waitFor(() => expect(hydrated(screen.getByRole("textbox", { name: "Name" }))).toBe(true));
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("Amina Njeri");

    await user.type(screen.getByRole("textbox", { name: "Email" }), "amina@example.com");
    await user.type(screen.getByRole("textbox", { name: "Subject" }), "Strategy");
    await user.type(screen.getByRole("textbox", { name: "Description" }), "We would like to talk.");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText(contactMessages.success)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: "Amina Njeri",
        email: "amina@example.com",
        subject: "Strategy",
        description: "We would like to talk.",
      },
    ]);
  });

  it("newsletter: hydrates on intent with the address typed early, then subscribes it", async () => {
    const bodies = recordPosts(subscriptionsPath, () => created());
    const user = userEvent.setup();
    const { recoverable } = await prerenderThenHydrate(newsletterIsland);
    const region = screen.getByRole("region", { name: newsletterContent.heading });
    const email = within(region).getByRole("textbox") as HTMLInputElement;
    expect(hydrated(email)).toBe(false);

    email.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    email.value = "reader@example.org";
    await waitFor(() => expect(hydrated(within(region).getByRole("textbox"))).toBe(true));
    await user.click(within(region).getByRole("button", { name: newsletterContent.button }));
    expect(await within(region).findByText(newsletterMessages.success)).toBeInTheDocument();
    expect(bodies).toEqual([{ email: "reader@example.org" }]);
    expect(recoverable).toEqual([]);
  });
});

describe("an island whose code cannot be loaded", () => {
  it("stays as prerendered, a plain HTML form that still posts, and the site carries on", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const offline = () =>
      island<object>(() => Promise.reject(new TypeError("Failed to fetch")), "interaction");
    await prerenderThenHydrate(contactIsland, undefined, offline);
    const name = screen.getByRole("textbox", { name: "Name" });
    name.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    const reported = () =>
      consoleError.mock.calls.some(([message]) =>
        String(message).includes("prerendered form keeps working"),
      );
    await waitFor(() => expect(reported()).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    const form = screen.getByRole("textbox", { name: "Name" }).closest("form");
    expect(form).toHaveAttribute("action", contactsPath);
    expect(form).toHaveAttribute("method", "post");
    expect(hydrated(screen.getByRole("textbox", { name: "Name" }))).toBe(false);
    consoleError.mockRestore();
  });
});

describe("an update that reaches an island before its code has loaded", () => {
  // Like the router's location: a value above the island that changes (an anchor link on the page).
  const Location = createContext("/contact");
  function Router({ children }: { children: ReactElement }) {
    const [location, setLocation] = useState("/contact");
    const here = window.location.pathname;
    return (
      <Location value={location}>
        <a
          href={`${here}#main`}
          onClick={(event) => {
            event.preventDefault();
            startTransition(() => setLocation(`${here}#main`));
          }}
        >
          Skip
        </a>
        <button type="button" onClick={() => setLocation("/elsewhere")}>
          Urgent update
        </button>
        {children}
      </Location>
    );
  }

  it("an anchor link on the page loads the island's code; the form stays on screen and comes to life", async () => {
    const bodies = recordPosts(contactsPath, () => created());
    const user = userEvent.setup();
    const { recoverable } = await prerenderThenHydrate(contactIsland, (island) => (
      <Router>{island}</Router>
    ));
    expect(hydrated(screen.getByRole("textbox", { name: "Name" }))).toBe(false);

    await user.click(screen.getByRole("link", { name: "Skip" }));
    // Never a moment without the form; the link brought its code in, and the update waits for it.
    expect(screen.getByRole("heading", { name: contactContent.formHeading })).toBeInTheDocument();
    await waitFor(() => expect(hydrated(screen.getByRole("textbox", { name: "Name" }))).toBe(true));
    expect(screen.getAllByRole("textbox", { name: "Name" })).toHaveLength(1);

    await user.type(screen.getByRole("textbox", { name: "Name" }), "Zawadi");
    await user.type(screen.getByRole("textbox", { name: "Email" }), "zawadi@example.com");
    await user.type(screen.getByRole("textbox", { name: "Subject" }), "Later");
    await user.type(screen.getByRole("textbox", { name: "Description" }), "After an anchor link.");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText(contactMessages.success)).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(recoverable).toEqual([]);
  });

  it("an urgent update re-creates it: the prerendered markup stands in until the code is there", async () => {
    await prerenderThenHydrate(contactIsland, (island) => <Router>{island}</Router>);
    act(() => screen.getByRole("button", { name: "Urgent update" }).click());
    expect(screen.getByRole("heading", { name: contactContent.formHeading })).toBeInTheDocument();
    await waitFor(() => expect(hydrated(screen.getByRole("textbox", { name: "Name" }))).toBe(true));
    expect(screen.getAllByRole("heading", { name: contactContent.formHeading })).toHaveLength(1);
  });
});
