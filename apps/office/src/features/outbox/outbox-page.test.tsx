import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import type { OutboxMailAnswer, OutboxMailSummary, OutboxPage } from "@site/shared/office";
import { csrfHeader, outboxApi } from "@site/shared/office/constants";
import { server } from "../../test/msw";
import { colleague, location, renderOffice, signedInAs } from "../../test/office";
// Loaded up front: a test waits for what the screen shows, not for its module's first transform.
import "./outbox-routes";

const viewport = (width: number) =>
  (
    window as unknown as {
      happyDOM: { setViewport(size: { width: number; height: number }): void };
    }
  ).happyDOM.setViewport({ width, height: 800 });
afterEach(() => viewport(1024));

function summary(overrides: Partial<OutboxMailSummary> = {}): OutboxMailSummary {
  return {
    id: "mail-1",
    kind: "contact-acknowledgement",
    to: "wanjiku@bank.test",
    locale: "sw",
    state: "failed",
    heldBy: null,
    attempts: 3,
    lastAnswer: "550 5.1.1 No such user",
    createdAt: "2026-11-20T08:00:00.000Z",
    attemptedAt: "2026-11-20T08:05:00.000Z",
    finishedAt: "2026-11-20T08:05:01.000Z",
    nextAttemptAt: null,
    retriedAt: null,
    ...overrides,
  };
}

function outboxPage(overrides: Partial<OutboxPage> = {}): OutboxPage {
  return {
    items: [summary()],
    nextCursor: null,
    counts: { queued: 2, sending: 0, sent: 40, failed: 1, held: 3 },
    cap: { day: "2026-11-20", count: 17, cap: 200 },
    ...overrides,
  };
}

function serveOutbox(page: (url: URL) => OutboxPage = () => outboxPage()): string[] {
  const queries: string[] = [];
  server.use(
    http.get(outboxApi.list, ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      return HttpResponse.json(page(url));
    }),
  );
  return queries;
}

function mailAnswer(overrides: Partial<OutboxMailAnswer["mail"]> = {}): OutboxMailAnswer {
  return {
    mail: {
      ...summary(),
      replyTo: null,
      messageId: null,
      body: { kept: true, subject: "We received your message", text: "Habari Wanjiku,\nAsante." },
      retryable: true,
      ...overrides,
    },
  };
}

describe("the outbox", () => {
  it("the first screen's link shows the failed mails: the API is asked the same query, tabs and cap shown", async () => {
    signedInAs(colleague);
    const queries = serveOutbox();
    renderOffice("/outbox?state=failed");
    expect(await screen.findByText("1 mail shown.")).toBeInTheDocument();
    expect(queries).toEqual(["?state=failed"]);
    expect(screen.getByRole("link", { name: "Failed (1)" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(screen.getByRole("link", { name: "All (46)" })).not.toHaveAttribute("aria-current");
    expect(screen.getByText("17 of 200")).toBeInTheDocument();
    const row = screen.getByRole("row", { name: /wanjiku@bank\.test/ });
    expect(within(row).getByText("550 5.1.1 No such user")).toBeInTheDocument();
    expect(within(row).getByText("Swahili")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "wanjiku@bank.test" })).toHaveAttribute(
      "href",
      "/outbox/mail-1",
    );
  });

  it("applying the filters puts them in the URL (keeping the state tab) and asks the API for that list", async () => {
    signedInAs(colleague);
    const queries = serveOutbox();
    const { user } = renderOffice("/outbox?state=failed");
    await screen.findByText("1 mail shown.");
    await user.selectOptions(screen.getByRole("combobox", { name: "Kind" }), "lead-reply");
    await user.type(screen.getByRole("searchbox", { name: "Recipient" }), "  Wanjiku@ ");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() =>
      expect(location()).toBe("/outbox?state=failed&kind=lead-reply&recipient=wanjiku%40"),
    );
    await waitFor(() =>
      expect(queries.at(-1)).toBe("?state=failed&kind=lead-reply&recipient=wanjiku%40"),
    );
  });

  it("a held mail says which cap held it; on a phone each mail is a card", async () => {
    viewport(390);
    signedInAs(colleague);
    serveOutbox(() =>
      outboxPage({
        items: [summary({ state: "held", heldBy: "daily-cap", lastAnswer: null, attempts: 0 })],
      }),
    );
    renderOffice("/outbox?state=held");
    expect(await screen.findByText("Held by the day's cap on automatic mail")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 2, name: "wanjiku@bank.test" }),
    ).toBeInTheDocument();
  });

  it("pages with the server's cursor", async () => {
    signedInAs(colleague);
    const queries = serveOutbox((url) =>
      outboxPage({ nextCursor: url.searchParams.get("cursor") ? null : "next-1" }),
    );
    const { user } = renderOffice("/outbox");
    await screen.findByText("1 mail shown.");
    await user.click(screen.getByRole("link", { name: "Older mails" }));
    await waitFor(() => expect(queries.at(-1)).toBe("?cursor=next-1"));
    await user.click(await screen.findByRole("link", { name: "Newer mails" }));
    await waitFor(() => expect(location()).toBe("/outbox"));
  });
});

describe("one mail", () => {
  it("retries a failed mail with the CSRF token and says so; the page then shows it queued", async () => {
    signedInAs(colleague);
    let retried = false;
    const tokens: (string | null)[] = [];
    server.use(
      http.get(outboxApi.mail("mail-1"), () =>
        HttpResponse.json(
          retried
            ? mailAnswer({
                state: "queued",
                retryable: false,
                retriedAt: "2026-11-20T09:00:00.000Z",
              })
            : mailAnswer(),
        ),
      ),
      http.post(outboxApi.retry("mail-1"), ({ request }) => {
        tokens.push(request.headers.get(csrfHeader));
        retried = true;
        return HttpResponse.json(
          mailAnswer({ state: "queued", retryable: false, retriedAt: "2026-11-20T09:00:00.000Z" }),
        );
      }),
    );
    const { user } = renderOffice("/outbox/mail-1");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Mail to wanjiku@bank.test" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Habari Wanjiku/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Retry this mail" }));
    expect(
      await screen.findByText(
        "Queued again: the outbox is sending it. This page follows its state.",
      ),
    ).toBeInTheDocument();
    expect(tokens).toEqual([colleague.csrfToken]);
    const state = screen.getByText("State", { selector: "dt" }).nextElementSibling;
    expect(state).toHaveTextContent("Queued");
    expect(screen.queryByRole("button", { name: "Retry this mail" })).not.toBeInTheDocument();
  });

  it("a refused retry says why, in the API's words, and the button stays", async () => {
    signedInAs(colleague);
    server.use(
      http.get(outboxApi.mail("mail-1"), () => HttpResponse.json(mailAnswer())),
      http.post(outboxApi.retry("mail-1"), () =>
        HttpResponse.json(
          { error: "This mail was already retried once from the office." },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderOffice("/outbox/mail-1");
    await user.click(await screen.findByRole("button", { name: "Retry this mail" }));
    expect(
      await screen.findByText("This mail was already retried once from the office."),
    ).toHaveAttribute("role", "alert");
    expect(screen.getByRole("button", { name: "Retry this mail" })).toBeEnabled();
  });

  it("a body no longer kept says since when; a spent retry says what is left", async () => {
    signedInAs(colleague);
    server.use(
      http.get(outboxApi.mail("mail-1"), () =>
        HttpResponse.json(
          mailAnswer({
            retryable: false,
            retriedAt: "2026-11-20T09:00:00.000Z",
            body: {
              kept: false,
              subject: "We received your message",
              removedAt: "2026-12-20T03:00:00.000Z",
            },
          }),
        ),
      ),
    );
    renderOffice("/outbox/mail-1");
    expect(await screen.findByText(/^No longer kept: its text was removed on/)).toBeInTheDocument();
    expect(
      screen.getByText(/already retried once from the office and failed again/),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Retry this mail" })).not.toBeInTheDocument();
  });
});
