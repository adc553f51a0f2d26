import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  leadsPage,
  leadSummary,
  owner,
  location,
  renderOffice,
  serveLeads,
  signedInAs,
} from "../../test/office";

/** happy-dom's window: its viewport decides the inbox's media query (table from 48rem, cards below). */
const viewport = (width: number) =>
  (
    window as unknown as {
      happyDOM: { setViewport(size: { width: number; height: number }): void };
    }
  ).happyDOM.setViewport({
    width,
    height: 800,
  });
afterEach(() => viewport(1024));

describe("the inbox", () => {
  it("a link with filters shows that list: the API is asked the same query, the form and tabs show it", async () => {
    signedInAs(owner);
    const queries = serveLeads(() => leadsPage({ counts: { new: 1, in_progress: 4, closed: 7 } }));
    renderOffice("/leads?status=new&owner=me&q=bank");

    expect(await screen.findByText("1 lead shown.")).toBeInTheDocument();
    expect(queries).toEqual(["?status=new&owner=me&q=bank"]);
    expect(screen.getByRole("link", { name: "New (1)" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "All (12)" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveValue("bank");
    expect(screen.getByRole("combobox", { name: "Owner" })).toHaveValue("me");
    expect(screen.getByRole("link", { name: "Export these leads as CSV" })).toHaveAttribute(
      "href",
      "/api/office/leads.csv?status=new&owner=me&q=bank",
    );
  });

  it("applying the filters puts them in the URL (keeping the status tab) and asks the API for that list", async () => {
    signedInAs(owner);
    const queries = serveLeads();
    const { user } = renderOffice("/leads?status=new");
    await screen.findByText("1 lead shown.");

    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "fr");
    await user.type(screen.getByLabelText("Received from"), "2026-11-01");
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "  bank  ");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));

    await waitFor(() =>
      expect(location()).toBe("/leads?status=new&locale=fr&from=2026-11-01&q=bank"),
    );
    await waitFor(() =>
      expect(queries.at(-1)).toBe("?status=new&locale=fr&from=2026-11-01&q=bank"),
    );
    // A status tab keeps the other filters and asks again.
    await user.click(screen.getByRole("link", { name: /^Closed/ }));
    await waitFor(() =>
      expect(location()).toBe("/leads?status=closed&locale=fr&from=2026-11-01&q=bank"),
    );
  });

  it("shows the median time to first answer, and says so when nothing has been answered", async () => {
    signedInAs(owner);
    serveLeads((url) =>
      leadsPage({
        medianFirstAnswerMs:
          url.searchParams.get("status") === "closed" ? (2 * 60 + 15) * 60_000 : null,
      }),
    );
    const { user } = renderOffice("/leads");
    expect(await screen.findByText("No lead here has been answered yet")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: /^Closed/ }));
    expect(await screen.findByText("2 h 15 min")).toBeInTheDocument();
    // "All" with no other filter is the bare inbox.
    await user.click(screen.getByRole("link", { name: /^All/ }));
    await waitFor(() => expect(location()).toBe("/leads"));
  });

  it("pages by cursor: Older asks for the next page, Newer comes back to the first", async () => {
    signedInAs(owner);
    const queries = serveLeads((url) =>
      url.searchParams.get("cursor")
        ? leadsPage({
            items: [leadSummary({ id: "lead-21", name: "Older Lead" })],
            nextCursor: null,
          })
        : leadsPage({ nextCursor: "page2" }),
    );
    const { user } = renderOffice("/leads?owner=none");
    await screen.findByText("Wanjiku Kamau");
    expect(screen.queryByRole("link", { name: "Newer" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Older" }));
    expect(await screen.findByText("Older Lead")).toBeInTheDocument();
    expect(queries.at(-1)).toBe("?owner=none&cursor=page2");
    expect(screen.queryByRole("link", { name: "Older" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Newer" }));
    expect(await screen.findByText("Wanjiku Kamau")).toBeInTheDocument();
    expect(location()).toBe("/leads?owner=none");
  });

  it("lists each lead as a card on a phone, its name linking to the lead", async () => {
    signedInAs(owner);
    serveLeads(() =>
      leadsPage({
        items: [leadSummary({ status: "closed", closeReason: "won", owner: "amani@firm.test" })],
      }),
    );
    viewport(390);
    renderOffice("/leads");
    const list = await screen.findByRole("list", { name: "Leads" });
    const card = within(list).getByRole("listitem");
    expect(within(card).getByRole("link", { name: "Wanjiku Kamau" })).toHaveAttribute(
      "href",
      "/leads/lead-1",
    );
    expect(within(card).getByText("Closed: Won")).toBeInTheDocument();
    expect(within(card).getByText("amani@firm.test")).toBeInTheDocument();
  });

  it("lists the leads as a table on a wide screen, the name as each row's header", async () => {
    signedInAs(owner);
    serveLeads(() =>
      leadsPage({ items: [leadSummary({ firstAnsweredAt: "2026-11-20T08:45:00.000Z" })] }),
    );
    renderOffice("/leads");
    const table = await screen.findByRole("table", { name: "Leads" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Received", "Name", "Subject", "Status", "Owner", "Language", "First answer"]);
    const row = within(table).getByRole("rowheader", { name: "Wanjiku Kamau" }).closest("tr");
    if (!row) throw new Error("no row");
    expect(within(row).getByText("45 min")).toBeInTheDocument();
    expect(within(row).getByText("Unassigned")).toBeInTheDocument();
  });
});
