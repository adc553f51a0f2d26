import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  csrfHeader,
  officeApi,
  officeMessages,
  type Lead,
  type LeadDetail,
} from "@site/shared/office";
import { server } from "../../test/msw";
import { colleague, leadSummary, renderOffice, signedInAs } from "../../test/office";

function lead(overrides: Partial<Lead> = {}): Lead {
  return {
    ...leadSummary(),
    phone: null,
    description: "We would like to talk about our payments strategy.",
    consent: { at: "2026-11-20T08:00:00.000Z", page: "/contact", noticeVersion: "2026-11-01" },
    ...overrides,
  };
}

function serveLead(
  detail: () => LeadDetail = () => ({
    lead: lead(),
    history: [{ id: "e1", kind: "received", at: "2026-11-20T08:00:00.000Z", by: null }],
  }),
) {
  server.use(http.get(officeApi.lead("lead-1"), () => HttpResponse.json(detail())));
}

/** Records each write to `path` (body and CSRF header) and answers with `reply`. */
function recordWrites(method: "patch" | "post", path: string, reply: () => Response) {
  const writes: { body: unknown; csrf: string | null }[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      writes.push({ body: await request.json(), csrf: request.headers.get(csrfHeader) });
      return reply();
    }),
  );
  return writes;
}

describe("one lead", () => {
  it("closing needs a reason: without one nothing is sent and the reason field says why", async () => {
    signedInAs(colleague);
    serveLead();
    const writes = recordWrites("patch", officeApi.lead("lead-1"), () =>
      HttpResponse.json({ lead: lead({ status: "closed", closeReason: "spam" }) }),
    );
    const { user } = renderOffice("/leads/lead-1");
    await screen.findByRole("heading", { level: 1, name: "Wanjiku Kamau: Payments strategy" });

    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "closed");
    await user.click(screen.getByRole("button", { name: "Save status" }));
    const reason = screen.getByRole("combobox", { name: "Reason for closing" });
    expect(reason).toHaveAccessibleDescription(officeMessages.closeReasonRequired);
    expect(reason).toHaveFocus();
    expect(writes).toEqual([]);

    await user.selectOptions(reason, "spam");
    await user.click(screen.getByRole("button", { name: "Save status" }));
    await screen.findByText("Status saved.");
    expect(writes).toEqual([
      { body: { status: "closed", closeReason: "spam" }, csrf: colleague.csrfToken },
    ]);
  });

  it("every write carries the session's CSRF token: assign to me, a note, a reply", async () => {
    signedInAs(colleague);
    serveLead();
    const assigns = recordWrites("patch", officeApi.lead("lead-1"), () =>
      HttpResponse.json({ lead: lead({ owner: colleague.email }) }),
    );
    const event = (kind: "note" | "reply") =>
      kind === "note"
        ? {
            id: "e2",
            kind,
            at: "2026-11-21T09:00:00.000Z",
            by: colleague.email,
            text: "Called them",
          }
        : {
            id: "e3",
            kind,
            at: "2026-11-21T09:00:00.000Z",
            by: colleague.email,
            subject: "Re: Payments strategy",
            body: "Hello",
            mailId: "m1",
          };
    const notes = recordWrites("post", officeApi.leadNotes("lead-1"), () =>
      HttpResponse.json({ event: event("note") }, { status: 201 }),
    );
    const replies = recordWrites("post", officeApi.leadReplies("lead-1"), () =>
      HttpResponse.json({ event: event("reply") }, { status: 201 }),
    );
    const { user } = renderOffice("/leads/lead-1");
    await screen.findByText("Nobody handles this lead yet.");

    await user.click(screen.getByRole("button", { name: "Assign to me" }));
    await screen.findByText("Owner saved.");
    await user.type(screen.getByRole("textbox", { name: "Note (never mailed)" }), "Called them");
    await user.click(screen.getByRole("button", { name: "Add note" }));
    await screen.findByText("Note added.");
    const reply = screen.getByRole("form", { name: "Reply" });
    expect(within(reply).getByRole("textbox", { name: "Subject" })).toHaveValue(
      "Re: Payments strategy",
    );
    await user.type(within(reply).getByRole("textbox", { name: "Message" }), "Hello");
    await user.click(within(reply).getByRole("button", { name: "Send reply" }));
    await screen.findByText("Reply queued for sending. It appears in the history.");

    expect(assigns).toEqual([{ body: { owner: colleague.email }, csrf: colleague.csrfToken }]);
    expect(notes).toEqual([{ body: { text: "Called them" }, csrf: colleague.csrfToken }]);
    expect(replies).toEqual([
      { body: { subject: "Re: Payments strategy", body: "Hello" }, csrf: colleague.csrfToken },
    ]);
  });

  it("shows the API's field message beside the field it refused", async () => {
    signedInAs(colleague);
    serveLead();
    recordWrites("patch", officeApi.lead("lead-1"), () =>
      HttpResponse.json(
        {
          error: officeMessages.invalidRequest,
          fieldErrors: { owner: officeMessages.ownerNotStaff },
        },
        { status: 400 },
      ),
    );
    const { user } = renderOffice("/leads/lead-1");
    const field = await screen.findByRole("textbox", {
      name: "Assign to a colleague (work address)",
    });
    await user.type(field, "stranger@else.test");
    await user.click(screen.getByRole("button", { name: "Assign" }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(officeMessages.ownerNotStaff));
  });

  it("lists the history with who did what", async () => {
    signedInAs(colleague);
    serveLead(() => ({
      lead: lead({ status: "closed", closeReason: "won" }),
      history: [
        { id: "e1", kind: "received", at: "2026-11-20T08:00:00.000Z", by: null },
        {
          id: "e2",
          kind: "assigned",
          at: "2026-11-20T09:00:00.000Z",
          by: colleague.email,
          owner: colleague.email,
        },
        {
          id: "e3",
          kind: "status",
          at: "2026-11-21T09:00:00.000Z",
          by: colleague.email,
          status: "closed",
          closeReason: "won",
        },
      ],
    }));
    renderOffice("/leads/lead-1");
    const history = await screen.findByRole("region", { name: "History" });
    const items = within(history)
      .getAllByRole("listitem")
      .map((item) => item.querySelector("strong")?.textContent);
    expect(items).toEqual([
      "Received through the website",
      `Assigned to ${colleague.email}`,
      "Closed: Won",
    ]);
    expect(within(history).getAllByText(`by ${colleague.email}`, { exact: false })).toHaveLength(2);
  });
});
