import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { peopleApi, type AuditPage } from "@site/shared/office";
import { server } from "../../test/msw";
import { colleague, location, owner, renderOffice, signedInAs } from "../../test/office";
import { readAuditFilters } from "./filters";
import "./audit-page";

const page: AuditPage = {
  items: [
    {
      id: "a-2",
      at: "2026-11-26T10:00:00.000Z",
      actor: owner.email,
      action: "person.erased",
      target: "h".repeat(64),
      details: { inquiries: "1", request: null },
    },
    {
      id: "a-1",
      at: "2026-11-20T10:00:00.000Z",
      actor: null,
      action: "staff.owner-named",
      target: owner.email,
      details: { role: "owner" },
    },
  ],
  nextCursor: "bmV4dA",
  retentionDays: 400,
};

/** Answers GET /api/office/audit with `page` and records each query string asked for. */
function serveAudit(): string[] {
  const queries: string[] = [];
  server.use(
    http.get(peopleApi.audit, ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(page);
    }),
  );
  return queries;
}

describe("the audit log", () => {
  it("a link with filters shows that list: the API is asked the same query and the form shows it", async () => {
    signedInAs(owner);
    const queries = serveAudit();
    renderOffice("/audit?action=person.erased&q=inquiries");
    expect(await screen.findByText("person.erased", { selector: "th" })).toBeInTheDocument();
    expect(queries).toEqual(["?action=person.erased&q=inquiries"]);
    expect(screen.getByRole("combobox", { name: "Action" })).toHaveValue("person.erased");
    expect(screen.getByRole("searchbox", { name: "Search the target and details" })).toHaveValue(
      "inquiries",
    );
    expect(screen.getByText("System")).toBeInTheDocument();
    expect(screen.getByText("inquiries: 1")).toBeInTheDocument();
    expect(screen.getByText(/kept for this many days: 400/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Older" })).toHaveAttribute(
      "href",
      "/audit?action=person.erased&q=inquiries&cursor=bmV4dA",
    );
  });

  it("applying the filters puts them in the URL and asks the API for that list", async () => {
    signedInAs(owner);
    const queries = serveAudit();
    const { user } = renderOffice("/audit");
    await screen.findByText("person.erased", { selector: "th" });
    await user.type(screen.getByRole("textbox", { name: "Who" }), "system");
    await user.type(screen.getByLabelText("From"), "2026-11-01");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() => expect(location()).toBe("/audit?actor=system&from=2026-11-01"));
    await waitFor(() => expect(queries.at(-1)).toBe("?actor=system&from=2026-11-01"));
  });

  it("a staff member is told it is for owners, and the API is never asked", async () => {
    signedInAs(colleague);
    renderOffice("/audit");
    expect(await screen.findByText("Only an owner can read the audit log.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Audit log" })).not.toBeInTheDocument();
  });

  it("reads the URL's filters by the API's rules, dropping what it would refuse", () => {
    const { filters, cursor } = readAuditFilters(
      new URLSearchParams("action=lead.deleted&from=2026-02-30&to=2026-03-01&target=x&cursor=%25"),
    );
    expect(filters).toEqual({ to: "2026-03-01", target: "x" });
    expect(cursor).toBeUndefined();
  });
});
