import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { Overview } from "@site/shared/office";
import { subscribersApi } from "@site/shared/office/constants";
import { server } from "../../test/msw";
import { colleague, renderOffice, signedInAs } from "../../test/office";
// Loaded up front: the test waits for what the screen shows, not for its module's first transform.
import "./overview-page";

const overview: Overview = {
  leads: {
    thisWeek: 4,
    weekFrom: "2026-11-23",
    unanswered: 2,
    unansweredTo: "2026-11-24",
    medianFirstAnswerMs: 2 * 60 * 60 * 1000 + 15 * 60 * 1000,
    medianFrom: "2026-09-07",
  },
  subscribers: {
    counts: { subscribed: 120, pending: 1, unsubscribed: 9 },
    weeks: Array.from({ length: 12 }, (_, index) => ({
      week: new Date(Date.UTC(2026, 8, 7 + 7 * index)).toISOString().slice(0, 10),
      subscribed: 3,
      unsubscribed: 1,
    })),
  },
  pendingComments: 5,
  failedMails: 1,
};

describe("the first screen", () => {
  it("shows each figure as a link to its list, filtered as the API counted it", async () => {
    signedInAs(colleague);
    server.use(http.get(subscribersApi.overview, () => HttpResponse.json(overview)));
    renderOffice("/");

    expect(await screen.findByRole("heading", { level: 1, name: "Overview" })).toBeInTheDocument();
    await screen.findByRole("link", { name: /New leads this week/ });
    const link = (name: RegExp) => screen.getByRole("link", { name });
    expect(link(/^4 New leads this week/)).toHaveAttribute("href", "/leads?from=2026-11-23");
    expect(link(/^2 Leads unanswered after two working days/)).toHaveAttribute(
      "href",
      "/leads?status=new&to=2026-11-24",
    );
    expect(link(/^2 h 15 min Median time to first answer/)).toHaveAttribute(
      "href",
      "/leads?from=2026-09-07",
    );
    expect(link(/^120 Subscribers/)).toHaveAttribute("href", "/subscribers?status=subscribed");
    expect(link(/^5 Comments awaiting a decision/)).toHaveAttribute(
      "href",
      "/comments?status=pending",
    );
    expect(link(/^1 Mails that failed/)).toHaveAttribute("href", "/outbox?state=failed");
    expect(screen.getByRole("img", { name: /Subscribed: 36\. Unsubscribed: 12\./ })).toBeVisible();
    // The first screen is the nav's first link, and the current page.
    const nav = screen.getByRole("navigation", { name: "Office" });
    expect(nav.querySelector("a")).toHaveAttribute("aria-current", "page");
  });

  it("a figure with nothing to measure says so", async () => {
    signedInAs(colleague);
    server.use(
      http.get(subscribersApi.overview, () =>
        HttpResponse.json({ ...overview, leads: { ...overview.leads, medianFirstAnswerMs: null } }),
      ),
    );
    renderOffice("/");
    expect(await screen.findByRole("link", { name: /^No answers yet/ })).toBeInTheDocument();
  });

  it("a refusal from the API is shown in its words", async () => {
    signedInAs(colleague);
    server.use(
      http.get(subscribersApi.overview, () =>
        HttpResponse.json(
          { error: "The office cannot reach its storage right now." },
          { status: 503 },
        ),
      ),
    );
    renderOffice("/");
    expect(
      await screen.findByText("The office cannot reach its storage right now."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /New leads this week/ })).toBeNull();
  });
});
