import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import type { Subscriber, SubscribersPage } from "@site/shared/office";
import { subscribersApi } from "@site/shared/office/constants";
import { server } from "../../test/msw";
import { colleague, location, renderOffice, signedInAs } from "../../test/office";
import { readFilters } from "./filters";
// Loaded up front: the test waits for what the screen shows, not for its module's first transform.
import "./subscribers-page";

const viewport = (width: number) =>
  (
    window as unknown as {
      happyDOM: { setViewport(size: { width: number; height: number }): void };
    }
  ).happyDOM.setViewport({ width, height: 800 });
afterEach(() => viewport(1024));

const subscriber = (overrides: Partial<Subscriber> = {}): Subscriber => ({
  id: "sub-1",
  email: "amina@bank.test",
  status: "subscribed",
  locale: "en",
  createdAt: "2026-11-20T08:00:00.000Z",
  consent: { at: "2026-11-20T08:00:00.000Z", page: "/insights", noticeVersion: "2026-11" },
  unsubscribedAt: null,
  unsubscribedBy: null,
  confirmationSentAt: null,
  ...overrides,
});

const weeks = Array.from({ length: 12 }, (_, index) => ({
  week: new Date(Date.UTC(2026, 8, 7 + 7 * index)).toISOString().slice(0, 10),
  subscribed: index,
  unsubscribed: index % 3,
}));

const page = (overrides: Partial<SubscribersPage> = {}): SubscribersPage => ({
  items: [subscriber()],
  nextCursor: null,
  counts: { subscribed: 1, pending: 2, unsubscribed: 3 },
  weeks,
  ...overrides,
});

/** Answers GET /api/office/subscribers with `answer` and records each query string asked for. */
function serveSubscribers(answer: () => SubscribersPage = () => page()): string[] {
  const queries: string[] = [];
  server.use(
    http.get(subscribersApi.list, ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(answer());
    }),
  );
  return queries;
}

describe("the subscribers' filters in the URL", () => {
  it("reads what the API reads and drops what it would refuse", () => {
    expect(
      readFilters(
        new URLSearchParams("status=pending&locale=fr&from=2026-11-01&q=bank&cursor=a_1"),
      ),
    ).toEqual({
      filters: { status: "pending", locale: "fr", from: "2026-11-01", q: "bank" },
      cursor: "a_1",
    });
    expect(readFilters(new URLSearchParams("status=gone&locale=de&to=2026-02-30")).filters).toEqual(
      {},
    );
  });
});

describe("the subscribers", () => {
  it("a link with filters shows that list: the API is asked the same query; tabs count, export keeps them", async () => {
    signedInAs(colleague);
    const queries = serveSubscribers();
    renderOffice("/subscribers?status=subscribed&q=bank");

    expect(await screen.findByText("1 subscriber shown.")).toBeInTheDocument();
    expect(queries).toEqual(["?status=subscribed&q=bank"]);
    expect(screen.getByRole("link", { name: "Subscribed (1)" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(screen.getByRole("link", { name: "All (6)" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Awaiting confirmation (2)" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Export these subscribers as CSV" })).toHaveAttribute(
      "href",
      "/api/office/subscribers.csv?status=subscribed&q=bank",
    );
    const row = screen.getByRole("row", { name: /amina@bank\.test/ });
    expect(within(row).getByText(/on \/insights, notice 2026-11/)).toBeInTheDocument();
  });

  it("applying the filters puts them in the URL and asks the API for that list", async () => {
    signedInAs(colleague);
    const queries = serveSubscribers();
    const { user } = renderOffice("/subscribers");
    await screen.findByText("1 subscriber shown.");
    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "sw");
    await user.type(screen.getByLabelText("Subscribed from"), "2026-11-01");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() => expect(location()).toBe("/subscribers?locale=sw&from=2026-11-01"));
    await waitFor(() => expect(queries.at(-1)).toBe("?locale=sw&from=2026-11-01"));
  });

  it("unsubscribes a person on request after asking, says so and reads the list again", async () => {
    signedInAs(colleague);
    let unsubscribed = false;
    const queries = serveSubscribers(() =>
      page({
        items: [
          unsubscribed
            ? subscriber({
                status: "unsubscribed",
                unsubscribedAt: "2026-11-25T08:00:00.000Z",
                unsubscribedBy: colleague.email,
              })
            : subscriber(),
        ],
      }),
    );
    const headers: (string | null)[] = [];
    server.use(
      http.post(subscribersApi.unsubscribe("sub-1"), ({ request }) => {
        headers.push(request.headers.get("X-CSRF-Token"));
        unsubscribed = true;
        return HttpResponse.json({ subscriber: subscriber({ status: "unsubscribed" }) });
      }),
    );
    const { user } = renderOffice("/subscribers");
    await user.click(await screen.findByRole("button", { name: "Unsubscribe amina@bank.test" }));
    const confirm = screen.getByRole("button", { name: "Yes, unsubscribe" });
    expect(confirm).toHaveFocus();
    await user.click(confirm);
    expect(await screen.findByText("amina@bank.test is unsubscribed.")).toBeInTheDocument();
    expect(headers).toEqual([colleague.csrfToken]);
    await waitFor(() => expect(queries.length).toBeGreaterThan(1));
    expect(await screen.findByText(/by amani@firm\.test on request/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Unsubscribe amina@bank.test" })).toBeNull();
  });

  it("a refused unsubscribe says why and keeps the question open", async () => {
    signedInAs(colleague);
    serveSubscribers();
    server.use(
      http.post(subscribersApi.unsubscribe("sub-1"), () =>
        HttpResponse.json({ error: "This subscriber does not exist." }, { status: 404 }),
      ),
    );
    const { user } = renderOffice("/subscribers");
    await user.click(await screen.findByRole("button", { name: "Unsubscribe amina@bank.test" }));
    await user.click(screen.getByRole("button", { name: "Yes, unsubscribe" }));
    expect(await screen.findByText("This subscriber does not exist.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Yes, unsubscribe" })).toBeInTheDocument();
  });

  it("shows the twelve weeks as a named chart and as a table", async () => {
    signedInAs(colleague);
    serveSubscribers();
    renderOffice("/subscribers");
    const chart = await screen.findByRole("img", {
      name: /Subscriptions and departures per week, last 12 weeks/,
    });
    expect(chart).toHaveAccessibleName(
      "Subscriptions and departures per week, last 12 weeks Subscribed: 66. Unsubscribed: 12.",
    );
    const table = screen.getByRole("table", { hidden: true, name: /per week/ });
    expect(within(table).getAllByRole("row", { hidden: true })).toHaveLength(13);
  });

  it("on a phone each subscriber is a card", async () => {
    viewport(390);
    signedInAs(colleague);
    serveSubscribers();
    renderOffice("/subscribers");
    expect(await screen.findByRole("heading", { level: 2, name: "amina@bank.test" })).toBeVisible();
    expect(screen.queryByRole("row", { name: /amina@bank\.test/ })).toBeNull();
  });
});
