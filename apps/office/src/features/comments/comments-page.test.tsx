import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import {
  commentsApi,
  type CommentDecisionsAnswer,
  type CommentDecisionsRequest,
  type CommentsPage,
  type QueueComment,
} from "@site/shared/office";
import { server } from "../../test/msw";
import { location, owner, renderOffice, signedInAs } from "../../test/office";
import "./comments-page";

/** happy-dom's window: its viewport decides the list's media query (table from 48rem, cards below). */
const viewport = (width: number) =>
  (
    window as unknown as {
      happyDOM: { setViewport(size: { width: number; height: number }): void };
    }
  ).happyDOM.setViewport({ width, height: 800 });
afterEach(() => viewport(1024));

const comment = (overrides: Partial<QueueComment> = {}): QueueComment => ({
  id: "c-1",
  name: "Achieng",
  email: "achieng@example.com",
  text: "Very helpful.",
  status: "pending",
  locale: "en",
  createdAt: "2026-11-20T08:00:00.000Z",
  decision: null,
  post: { slug: "sacco-boards", title: "SACCO boards", path: "/blog/sacco-boards" },
  ...overrides,
});

const page = (overrides: Partial<CommentsPage> = {}): CommentsPage => ({
  items: [comment(), comment({ id: "c-2", name: "Baraka" }), comment({ id: "c-3", name: "Chege" })],
  nextCursor: null,
  counts: { pending: 3, published: 5, rejected: 1, spam: 0, hidden: 0 },
  posts: [
    { slug: "sacco-boards", title: "SACCO boards" },
    { slug: "afcfta", title: "AfCFTA" },
  ],
  ...overrides,
});

/** Answers the queue with `answer` and records each query string asked for. */
function serveQueue(answer: (url: URL) => CommentsPage = () => page()): string[] {
  const queries: string[] = [];
  server.use(
    http.get(commentsApi.queue, ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      return HttpResponse.json(answer(url));
    }),
  );
  return queries;
}

/** Answers decisions with `answer` and records each request with its CSRF header. */
function serveDecisions(
  answer: (body: CommentDecisionsRequest) => CommentDecisionsAnswer | Response,
) {
  const asked: { body: CommentDecisionsRequest; csrf: string | null }[] = [];
  server.use(
    http.post(commentsApi.decisions, async ({ request }) => {
      const body = (await request.json()) as CommentDecisionsRequest;
      asked.push({ body, csrf: request.headers.get("X-CSRF-Token") });
      const result = answer(body);
      return result instanceof Response ? result : HttpResponse.json(result);
    }),
  );
  return asked;
}

describe("the comment queue", () => {
  it("shows the pending comments by default, with counts, filters in the URL and each post's link", async () => {
    signedInAs(owner);
    const queries = serveQueue();
    const { user } = renderOffice("/comments?post=sacco-boards&locale=fr");
    expect(await screen.findByText("3 comments shown.")).toBeInTheDocument();
    expect(queries).toEqual(["?status=pending&post=sacco-boards&locale=fr"]);
    expect(screen.getByRole("link", { name: "Pending (3)" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(screen.getByRole("combobox", { name: "Post" })).toHaveValue("sacco-boards");
    expect(screen.getByRole("combobox", { name: "Language" })).toHaveValue("fr");
    const table = screen.getByRole("table", { name: "Comments" });
    expect(within(table).getAllByRole("link", { name: "SACCO boards" })[0]).toHaveAttribute(
      "href",
      "/blog/sacco-boards",
    );

    await user.click(screen.getByRole("link", { name: "Published (5)" }));
    expect(location()).toBe("/comments?status=published&post=sacco-boards&locale=fr");
  });

  it("shows a visitor's text as text, never as markup", async () => {
    signedInAs(owner);
    serveQueue(() => page({ items: [comment({ text: '<img src=x onerror="alert(1)">Hi' })] }));
    const { container } = renderOffice("/comments");
    expect(await screen.findByText('<img src=x onerror="alert(1)">Hi')).toBeInTheDocument();
    expect(container.querySelector("img")).toBeNull();
  });

  it("approves the selected comments at once and says what each decision did", async () => {
    signedInAs(owner);
    serveQueue();
    const asked = serveDecisions(() => ({
      results: [
        {
          id: "c-1",
          result: "done",
          status: "published",
          decision: { at: "2026-11-21T08:00:00.000Z", by: "office", staff: owner.email },
        },
        {
          id: "c-2",
          result: "done",
          status: "published",
          decision: { at: "2026-11-21T08:00:00.000Z", by: "office", staff: owner.email },
        },
        {
          id: "c-3",
          result: "already-decided",
          status: "rejected",
          decision: { at: "2026-11-21T07:00:00.000Z", by: "link", staff: null },
        },
      ],
    }));
    const { user } = renderOffice("/comments");
    await screen.findByText("3 comments shown.");
    await user.click(screen.getByRole("checkbox", { name: "Select every comment on this page" }));
    expect(screen.getByText("3 comments selected")).toBeInTheDocument();
    const bulk = screen.getByRole("region", { name: "With the selected comments" });
    await user.click(within(bulk).getByRole("button", { name: "Approve" }));

    expect(await screen.findByText("2 comments approved.")).toBeInTheDocument();
    expect(
      screen.getByText(
        "The comment by Chege was already rejected with a link in the firm's mail; nothing changed.",
      ),
    ).toBeInTheDocument();
    expect(asked).toEqual([
      { body: { action: "approve", ids: ["c-1", "c-2", "c-3"] }, csrf: owner.csrfToken },
    ]);
  });

  it("asks before rejecting one comment, and Cancel changes nothing", async () => {
    signedInAs(owner);
    serveQueue();
    const asked = serveDecisions(() => ({
      results: [{ id: "c-2", result: "done", status: "rejected", decision: null }],
    }));
    const { user } = renderOffice("/comments");
    await screen.findByText("3 comments shown.");
    await user.click(screen.getByRole("button", { name: "Reject the comment by Baraka" }));
    expect(
      screen.getByText("Reject 1 comment? It will not appear on the site."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(asked).toEqual([]);
    expect(screen.getByRole("button", { name: "Reject the comment by Baraka" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Reject the comment by Baraka" }));
    await user.click(screen.getByRole("button", { name: "Yes, go ahead" }));
    expect(await screen.findByText("1 comment rejected.")).toBeInTheDocument();
    expect(asked.map((a) => a.body)).toEqual([{ action: "reject", ids: ["c-2"] }]);
  });

  it("offers only Hide for published comments, on cards at a phone's width", async () => {
    viewport(390);
    signedInAs(owner);
    serveQueue(() =>
      page({
        items: [
          comment({
            status: "published",
            decision: { at: "2026-11-21T08:00:00.000Z", by: "office", staff: "amani@firm.test" },
          }),
        ],
      }),
    );
    renderOffice("/comments?status=published");
    expect(await screen.findByRole("heading", { name: "Achieng", level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("Published in the office by amani@firm.test")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Hide the comment by Achieng" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Approve/ })).toBeNull();
    expect(
      screen.getByRole("checkbox", { name: "Select the comment by Achieng" }),
    ).toBeInTheDocument();
  });

  it("shows a refused decision in the API's words and keeps the selection", async () => {
    signedInAs(owner);
    serveQueue();
    serveDecisions(() =>
      HttpResponse.json(
        {
          error:
            "The office cannot reach its storage right now. Nothing was changed; please try again.",
        },
        { status: 503 },
      ),
    );
    const { user } = renderOffice("/comments");
    await screen.findByText("3 comments shown.");
    await user.click(screen.getByRole("checkbox", { name: "Select the comment by Achieng" }));
    await user.click(
      within(screen.getByRole("region", { name: "With the selected comments" })).getByRole(
        "button",
        { name: "Approve" },
      ),
    );
    expect(
      await screen.findByText(
        "The office cannot reach its storage right now. Nothing was changed; please try again.",
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("checkbox", { name: "Select the comment by Achieng" })).toBeChecked(),
    );
  });
});
