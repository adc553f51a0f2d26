import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { prerender } from "react-dom/static";
import { useLayoutEffect, useRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contactContent, newsletterContent } from "@site/shared/content";
import { contactMessages, errorScreenMessages, newsletterMessages } from "@site/shared/messages";
import { idempotencyKeyPattern } from "@site/shared/schemas";
import type { IslandModule, IslandTrigger } from "./island";
import { islandTree } from "./island-hydrate";
import { islandAttributes, startIslands, type LoadModule } from "./island-loader";
import { contactsPath } from "../../features/contact/submit-contact";
import { subscriptionsPath } from "../../features/newsletter/subscribe";
import { created, recordPosts } from "../../test/handlers";

// The built pages are static HTML: each island is prerendered as a React root of its own (as
// entry.prerender.tsx does) and only that root is ever hydrated in the browser, once wanted
// (island-loader.ts). These tests put such an island in a page and run the browser's side on it.

let page: HTMLElement | undefined;
let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  page?.remove();
  // The error screen puts a new #root in place of the page.
  document.getElementById("root")?.remove();
  page = stop = undefined;
});

/** Whether React has taken over `element` (it tags the nodes it owns, in production builds too). */
const hydrated = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith("__reactFiber$"));

/** A macrotask: long enough for anything already under way (an import, a render) to have happened. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

async function staticPageWith(
  module: IslandModule<object>,
  trigger: IslandTrigger,
  loadModule: LoadModule = async () => module,
  // What the visitor did before the page's script started (it starts after the first paint).
  beforeScript: () => void = () => {},
) {
  const prefix = "i0-";
  const { prelude } = await prerender(islandTree(module, {}, null), { identifierPrefix: prefix });
  const html = await new Response(prelude).text();
  page = document.createElement("div");
  page.id = "root";
  const element = document.createElement("div");
  element.className = "island";
  element.setAttribute(islandAttributes.module, "/assets/island.js");
  element.setAttribute(islandAttributes.trigger, trigger);
  element.setAttribute(islandAttributes.idPrefix, prefix);
  element.innerHTML = html;
  page.append(element);
  document.body.append(page);
  beforeScript();
  const requested: string[] = [];
  stop = startIslands(document, (url) => {
    requested.push(url);
    return loadModule(url);
  });
  return { html, requested };
}

const contactModule = () => import("../../features/contact/contact-island");
const newsletterModule = () => import("../../features/newsletter/newsletter-island");

describe("form islands on a static page", () => {
  it("are prerendered whole and load nothing until the visitor reaches for them", async () => {
    const { html, requested } = await staticPageWith(await contactModule(), "interaction");
    expect(html).toContain(contactContent.formHeading);
    for (const name of ["name", "email", "phone", "subject", "description", "website"])
      expect(html).toContain(`name="${name}"`);

    await settle();
    expect(requested).toEqual([]);
    expect(hydrated(screen.getByRole("textbox", { name: "Name" }))).toBe(false);
  });

  it("contact: loads on the first touch of the form, keeps what was typed before and sends it", async () => {
    const bodies = recordPosts(contactsPath, () => created());
    const user = userEvent.setup({ delay: null });
    const { requested } = await staticPageWith(await contactModule(), "interaction");
    const name = screen.getByRole("textbox", { name: "Name" }) as HTMLInputElement;

    // The visitor focuses the field and types before the form's code has arrived.
    name.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    name.value = "Amina Njeri";
    await waitFor(() => expect(hydrated(screen.getByRole("textbox", { name: "Name" }))).toBe(true));
    expect(requested).toEqual(["/assets/island.js"]);
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("Amina Njeri");

    await user.type(screen.getByRole("textbox", { name: "Email" }), "amina@example.com");
    await user.type(screen.getByRole("textbox", { name: "Subject" }), "Strategy");
    await user.type(screen.getByRole("textbox", { name: "Description" }), "We would like to talk.");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText(contactMessages.success)).toBeInTheDocument();
    expect(bodies).toEqual([
      expect.objectContaining({
        name: "Amina Njeri",
        email: "amina@example.com",
        subject: "Strategy",
        description: "We would like to talk.",
      }),
    ]);
  });

  it("contact: a visitor already in the form when the page's script starts gets it woken at once, with what was typed", async () => {
    const { requested } = await staticPageWith(
      await contactModule(),
      "interaction",
      undefined,
      () => {
        const name = screen.getByRole("textbox", { name: "Name" }) as HTMLInputElement;
        name.focus();
        name.value = "Amina Njeri";
      },
    );
    await waitFor(() => expect(hydrated(screen.getByRole("textbox", { name: "Name" }))).toBe(true));
    expect(requested).toEqual(["/assets/island.js"]);
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("Amina Njeri");
  });

  it("newsletter: hydrates on intent with the address typed early, then subscribes it", async () => {
    const bodies = recordPosts(subscriptionsPath, () => created());
    const user = userEvent.setup({ delay: null });
    await staticPageWith(await newsletterModule(), "visible");
    const region = screen.getByRole("region", { name: newsletterContent.heading });
    const email = within(region).getByRole("textbox") as HTMLInputElement;
    expect(hydrated(email)).toBe(false);

    email.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    email.value = "reader@example.org";
    await waitFor(() => expect(hydrated(within(region).getByRole("textbox"))).toBe(true));
    await user.click(within(region).getByRole("button", { name: newsletterContent.button }));
    expect(await within(region).findByText(newsletterMessages.success)).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ email: "reader@example.org" })]);
  });
});

describe("a form sent before its code has arrived", () => {
  const fillEarly = () => {
    const values = {
      Name: "Juma Hassan",
      Email: "juma@example.com",
      Subject: "Early",
      Description: "Sent before the code came.",
    };
    for (const [label, value] of Object.entries(values))
      (screen.getByRole("textbox", { name: label }) as HTMLInputElement).value = value;
  };

  it("is held on the page and sent by the form's code once it is live, in place", async () => {
    const bodies = recordPosts(contactsPath, () => created());
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const module = await contactModule();
    await staticPageWith(module, "interaction", async () => {
      await arrived;
      return module;
    });
    fillEarly();
    const form = screen.getByRole("textbox", { name: "Name" }).closest("form") as HTMLFormElement;
    const submitted = new Event("submit", { bubbles: true, cancelable: true });
    form.dispatchEvent(submitted);
    // Held: the browser's own post (leaving the page) was prevented, nothing sent yet.
    expect(submitted.defaultPrevented).toBe(true);
    await settle();
    expect(bodies).toEqual([]);

    arrive();
    expect(await screen.findByText(contactMessages.success)).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ name: "Juma Hassan", subject: "Early" })]);
  });

  it("is posted as plain HTML after all, with an idempotency key, when the code cannot be fetched", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    // The browser's own form submission (navigation) is not something jsdom does: record it instead.
    const posted = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    await staticPageWith(await contactModule(), "interaction", () =>
      Promise.reject(new TypeError("Failed to fetch")),
    );
    fillEarly();
    const form = screen.getByRole("textbox", { name: "Name" }).closest("form") as HTMLFormElement;
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    await waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    expect(new FormData(form).get("idempotencyKey")).toMatch(idempotencyKeyPattern);
    expect(new FormData(form).get("subject")).toBe("Early");
    posted.mockRestore();
    consoleError.mockRestore();
  });
});

describe("an island whose code cannot be loaded", () => {
  it("stays as prerendered, a plain HTML form that still posts", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    await staticPageWith(await contactModule(), "interaction", () =>
      Promise.reject(new TypeError("Failed to fetch")),
    );
    const name = screen.getByRole("textbox", { name: "Name" });
    name.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    const reported = () =>
      consoleError.mock.calls.some(([message]) =>
        String(message).includes("prerendered form keeps working"),
      );
    await waitFor(() => expect(reported()).toBe(true));

    const form = screen.getByRole("textbox", { name: "Name" }).closest("form");
    expect(form).toHaveAttribute("action", contactsPath);
    expect(form).toHaveAttribute("method", "post");
    expect(hydrated(screen.getByRole("textbox", { name: "Name" }))).toBe(false);
    consoleError.mockRestore();
  });
});

describe("an island that crashes while rendering in the browser", () => {
  it("puts the site's error screen in place of the page, whose button reloads", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });
    let inBrowser = false;
    function Fragile() {
      if (inBrowser) throw new Error("render crash");
      return <button type="button">Fragile</button>;
    }
    await staticPageWith({ default: Fragile }, "interaction", async () => {
      inBrowser = true;
      return { default: Fragile };
    });

    act(() =>
      screen
        .getByRole("button", { name: "Fragile" })
        .dispatchEvent(new PointerEvent("pointerdown", { bubbles: true })),
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: errorScreenMessages.title }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Fragile" })).not.toBeInTheDocument();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole("button", { name: errorScreenMessages.action }));
    expect(reload).toHaveBeenCalledOnce();
    vi.restoreAllMocks();
  });
});

describe("a form sent while React takes the island over", () => {
  it("is sent once, by React, not again by the loader that held it", async () => {
    // The submit arrives while React commits the island (here from its own layout effect): React's
    // handler is live, and the loader, not yet told the island is live, is still holding submits.
    let sent = 0;
    function SentOnCommit() {
      const form = useRef<HTMLFormElement>(null);
      useLayoutEffect(() => form.current?.requestSubmit(), []);
      return (
        <form
          ref={form}
          onSubmit={(event) => {
            event.preventDefault();
            sent += 1;
          }}
        >
          <button type="submit">Send</button>
        </form>
      );
    }
    await staticPageWith({ default: SentOnCommit }, "interaction");
    screen
      .getByRole("button", { name: "Send" })
      .dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await waitFor(() => expect(sent).toBeGreaterThan(0));
    await settle();
    expect(sent).toBe(1);
  });
});
