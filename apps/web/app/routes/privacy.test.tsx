import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { contentSources, messageSources } from "@site/shared/i18n/sources";
import { describe, expect, it } from "vitest";
import { firm, privacyNotice, routeById } from "@site/shared/content";
import PrivacyPage, { meta } from "./privacy";

describe("Privacy notice", () => {
  it("has the heading, one region per section in order, the firm's address and the notice version", () => {
    render(
      <MemoryRouter initialEntries={["/privacy"]}>
        <PrivacyPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(privacyNotice.heading);
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(privacyNotice.sections.map((section) => section.heading));
    for (const section of privacyNotice.sections) {
      const region = screen.getByRole("region", { name: section.heading });
      expect(region).toHaveAttribute("id", section.id);
      expect(within(region).getAllByRole("listitem")).toHaveLength(section.items.length);
    }
    expect(screen.getByRole("link", { name: firm.email })).toHaveAttribute(
      "href",
      `mailto:${firm.email}`,
    );
    // The version is the notice's date, written out in the page's language ("24 November 2026").
    const version = screen.getByText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(version).toHaveAttribute("datetime", privacyNotice.version);
    expect(version.parentElement?.textContent).toMatch(/^Version of \d{1,2} [A-Z][a-z]+ \d{4}\.$/);
    expect(screen.getByRole("region", { name: "No cookies, no trackers" })).toHaveTextContent(
      /sets no cookies and uses no analytics, advertising or tracking scripts/,
    );
  });

  it("its head tags come from its route entry, canonical at /privacy", () => {
    const tags = meta({
      path: "/privacy",
      locale: "en",
      content: contentSources,
      messages: messageSources,
    });
    expect(tags).toContainEqual({ title: `${routeById("privacy").title} | ${firm.name}` });
    expect(tags).toContainEqual(
      expect.objectContaining({
        tagName: "link",
        rel: "canonical",
        href: expect.stringMatching(/\/privacy$/),
      }),
    );
  });
});
