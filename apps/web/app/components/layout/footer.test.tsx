import { readFileSync } from "node:fs";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { firm, footerColumns, geographies } from "@site/shared/content";
import { renderRoute } from "../../routes/render-route.test-helper";

const glyphFiles = Object.keys(import.meta.glob("../ui/glyphs/*.svg"));

const footer = () => screen.getByRole("contentinfo");

describe("Footer", () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists the 21 geographies in the spec's order", async () => {
    await renderRoute("/");
    const column = within(footer()).getByRole("region", { name: "Geographies" });
    const items = within(column)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(items).toHaveLength(21);
    expect(items).toEqual([...geographies]);
    expect(items[0]).toBe("Sub Sahara Africa");
    expect(items[20]).toBe("Nigeria");
  });

  it("has the Links & Resources and Core Services columns, the latter pointing at /services sections", async () => {
    await renderRoute("/");
    for (const column of [footerColumns.linksAndResources, footerColumns.coreServices]) {
      const nav = within(footer()).getByRole("navigation", { name: column.heading });
      const links = within(nav).getAllByRole("link");
      expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual(
        column.links.map((link) => [link.label, link.href]),
      );
    }
    const core = within(footer()).getByRole("navigation", { name: "Core Services" });
    for (const link of within(core).getAllByRole("link"))
      expect(link.getAttribute("href")).toMatch(/^\/services#/);
  });

  it("gives the phone, general and careers contacts as tel: and mailto: links", async () => {
    await renderRoute("/");
    const contact = within(footer()).getByRole("region", { name: "Contact Us" });
    expect(within(contact).getByRole("link", { name: firm.phone })).toHaveAttribute(
      "href",
      firm.phoneHref,
    );
    expect(within(contact).getByRole("link", { name: firm.email })).toHaveAttribute(
      "href",
      `mailto:${firm.email}`,
    );
    expect(within(contact).getByRole("link", { name: firm.careersEmail })).toHaveAttribute(
      "href",
      `mailto:${firm.careersEmail}`,
    );
  });

  it("has four named social links opening in a new tab safely, and the 2025 copyright line", async () => {
    await renderRoute("/");
    for (const network of ["Facebook", "X (Twitter)", "LinkedIn", "Instagram"]) {
      const link = within(footer()).getByRole("link", { name: `${firm.name} on ${network}` });
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
      // The glyph is its file as a mask (layout.css), not a drawing in the page.
      expect(link.querySelector("svg")).toBeNull();
      expect(link.querySelector("span")?.className).toMatch(
        /^social-link__icon social-link__icon--/,
      );
    }
    expect(
      within(footer()).getByText(`© 2025 ${firm.legalName}. All rights reserved.`),
    ).toBeInTheDocument();
  });

  it("draws each social link's glyph from its file, with a mask rule for every network it links to", async () => {
    await renderRoute("/");
    const layoutCss = readFileSync(`${process.cwd()}/app/styles/layout.css`, "utf8");
    const icons = [...footer().querySelectorAll(".social-link .social-link__icon")];
    expect(icons).toHaveLength(firm.socials.length);
    for (const { network } of firm.socials) {
      expect(glyphFiles).toContain(`../ui/glyphs/${network}.svg`);
      // A file the build keeps as a file (?no-inline): inlined, it would be back in every page's bytes.
      const file = `../components/ui/glyphs/${network}.svg`;
      expect(layoutCss).toContain(
        `.social-link__icon--${network} {\n  background: currentColor;\n  mask: url("${file}?no-inline") center / contain no-repeat;\n}`,
      );
    }
  });

  it("scrolls back to the top smoothly, or instantly when reduced motion is asked for", async () => {
    const user = userEvent.setup({ delay: null });
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    await renderRoute("/");
    const button = within(footer()).getByRole("button", { name: "Back to top" });

    await user.click(button);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: "smooth" });

    vi.spyOn(window, "matchMedia").mockImplementation(
      (query: string) => ({ matches: query.includes("reduce"), media: query }) as MediaQueryList,
    );
    await user.click(button);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: "auto" });
  });
});
