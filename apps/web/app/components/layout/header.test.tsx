import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { aboutSections, contactCta, headerNav, mobileNav } from "@site/shared/content";
import { renderRoute } from "../../routes/render-route.test-helper";

const mainNav = () => screen.getByRole("navigation", { name: "Main" });
const aboutToggle = () => within(mainNav()).getByRole("button", { name: "About sections" });
const burger = () => screen.getByRole("button", { name: "Menu" });

describe("Header navigation", () => {
  it("links every page in header order, marks the current one, and offers Contact Us", async () => {
    await renderRoute("/services");
    const links = within(mainNav())
      .getAllByRole("link")
      .filter((link) => !link.getAttribute("href")?.includes("#"));
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual(
      headerNav.map((item) => [item.label, item.href]),
    );
    expect(within(mainNav()).getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "page");
    expect(within(mainNav()).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
    const cta = screen.getAllByRole("link", { name: contactCta.label })[0];
    expect(cta).toHaveAttribute("href", "/contact");
  });

  it("opens the About dropdown with its six anchors and closes it with Escape, focus back on the button", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoute("/");
    const toggle = aboutToggle();
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const list = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(list).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(list).toBeVisible();
    const anchors = within(list as HTMLElement).getAllByRole("link");
    expect(anchors.map((link) => link.getAttribute("href"))).toEqual(
      aboutSections.map((section) => `/about#${section.id}`),
    );

    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
    expect(list).not.toBeVisible();
  });

  it("is operable from the keyboard alone", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoute("/");
    aboutToggle().focus();
    await user.keyboard("{Enter}");
    expect(aboutToggle()).toHaveAttribute("aria-expanded", "true");
    await user.keyboard(" ");
    expect(aboutToggle()).toHaveAttribute("aria-expanded", "false");
  });

  it("closes the dropdown on a press outside it", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoute("/");
    await user.click(aboutToggle());
    await user.click(screen.getByRole("heading", { level: 1 }));
    expect(aboutToggle()).toHaveAttribute("aria-expanded", "false");
  });

  it("follows an anchor link to the About section and closes the dropdown", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoute("/");
    await user.click(aboutToggle());
    await user.click(screen.getByRole("link", { name: "Our Anthem" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Our Anthem" })).toBeInTheDocument();
    expect(aboutToggle()).toHaveAttribute("aria-expanded", "false");
  });
});

describe("Mobile menu", () => {
  it("toggles with the burger, sets menu-active on <body> and lists Careers", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoute("/");
    const menu = document.getElementById(burger().getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(burger()).toHaveAttribute("aria-expanded", "false");
    expect(menu).not.toBeVisible();
    expect(document.body).not.toHaveClass("menu-active");

    await user.click(burger());
    expect(burger()).toHaveAttribute("aria-expanded", "true");
    expect(menu).toBeVisible();
    expect(document.body).toHaveClass("menu-active");
    const mobile = within(menu).getByRole("navigation", { name: "Mobile" });
    const topLinks = mobileNav.map((item) => within(mobile).getByRole("link", { name: item.label }));
    expect(topLinks.map((link) => link.getAttribute("href"))).toEqual(mobileNav.map((item) => item.href));
    expect(within(mobile).getByRole("link", { name: "Careers" })).toHaveAttribute("href", "/careers");
    expect(within(mobile).getByRole("link", { name: "About Us" })).toBeInTheDocument();
    for (const section of aboutSections) {
      expect(within(mobile).getByRole("link", { name: section.label })).toHaveAttribute("href", `/about#${section.id}`);
    }

    await user.click(burger());
    expect(burger()).toHaveAttribute("aria-expanded", "false");
    expect(document.body).not.toHaveClass("menu-active");
  });

  it("closes with Escape and returns focus to the burger", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoute("/");
    await user.click(burger());
    await user.keyboard("{Escape}");
    expect(burger()).toHaveAttribute("aria-expanded", "false");
    expect(burger()).toHaveFocus();
    expect(document.body).not.toHaveClass("menu-active");
  });

  it("closes when a link in it navigates", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoute("/");
    await user.click(burger());
    const mobile = screen.getByRole("navigation", { name: "Mobile" });
    await user.click(within(mobile).getByRole("link", { name: "Careers" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Interested in joining us?" })).toBeInTheDocument();
    expect(burger()).toHaveAttribute("aria-expanded", "false");
    expect(document.body).not.toHaveClass("menu-active");
  });
});
