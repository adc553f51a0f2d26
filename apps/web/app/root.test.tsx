import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorScreenMessages } from "@site/shared/messages";
import { renderRoute } from "./routes/render-route.test-helper";

function Broken(): never {
  throw new Error("render crash");
}

describe("Error screen", () => {
  afterEach(() => vi.restoreAllMocks());

  it("replaces a page that crashes while rendering with the Oops screen, whose button reloads", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });
    const user = userEvent.setup({ delay: null });
    await renderRoute("/broken", [{ path: "/broken", Component: Broken }]);

    expect(
      await screen.findByRole("heading", { level: 1, name: errorScreenMessages.title }),
    ).toBeInTheDocument();
    expect(screen.getByText(errorScreenMessages.text)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: errorScreenMessages.action }));
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe("Shared layout", () => {
  it("offers a skip link to the main landmark", async () => {
    await renderRoute("/");
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(skip).toHaveAttribute("href", "#main");
    expect(screen.getByRole("main")).toHaveAttribute("id", "main");
  });

  it("moves focus to the new page's main content after a client-side navigation", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoute("/");
    await user.click(screen.getAllByRole("link", { name: "Contact Us" })[0] as HTMLElement);
    await screen.findByRole("heading", { level: 2, name: "Start the Conversation" });
    expect(screen.getByRole("main")).toHaveFocus();
  });
});
