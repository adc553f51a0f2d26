import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  peopleApi,
  peopleMessages,
  type DataRequest,
  type ErasureAnswer,
  type PersonData,
} from "@site/shared/office";
import { server } from "../../test/msw";
import { colleague, location, owner, renderOffice, signedInAs } from "../../test/office";
// Loaded up front: a test waits for what the screen shows, not for its module's first transform.
import "./people-routes";

const person: PersonData = {
  email: "amina@example.com",
  subscription: {
    id: "sub-1",
    email: "amina@example.com",
    status: "subscribed",
    locale: "fr",
    consent: { at: "2026-11-01T08:00:00.000Z", page: "/blog", noticeVersion: "2026-11-23" },
    unsubscribedAt: null,
    createdAt: "2026-11-01T08:00:00.000Z",
  },
  inquiries: [
    {
      id: "lead-1",
      name: "Amina",
      email: "amina@example.com",
      phone: null,
      subject: "Strategy review",
      description: "Our bank needs a plan.",
      status: "new",
      locale: "en",
      consent: { at: "2026-11-02T08:00:00.000Z", page: "/contact", noticeVersion: "2026-11-23" },
      createdAt: "2026-11-02T08:00:00.000Z",
    },
  ],
  comments: [],
  mails: [
    {
      id: "mail-1",
      kind: "contact-acknowledgement",
      to: "amina@example.com",
      subject: "We received your message",
      state: "SUCCESS",
      createdAt: "2026-11-02T08:00:01.000Z",
    },
  ],
  requests: [],
};

const request = (overrides: Partial<DataRequest> = {}): DataRequest => ({
  id: "req-1",
  email: "amina@example.com",
  addressHash: "h".repeat(64),
  kind: "erasure",
  channel: "phone",
  note: "Identity checked.",
  receivedOn: "2026-11-20",
  answeredOn: null,
  recordedBy: colleague.email,
  answeredBy: null,
  createdAt: "2026-11-20T09:00:00.000Z",
  ...overrides,
});

/** Answers the find with `person` and records each body sent. */
function serveFind(): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http.post(peopleApi.find, async ({ request: req }) => {
      bodies.push(await req.json());
      return HttpResponse.json(person);
    }),
  );
  return bodies;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("people's data", () => {
  it("a staff member finds a person by address (sent in the body, never in the URL) and sees what is held, without the erasure", async () => {
    signedInAs(colleague);
    const bodies = serveFind();
    const { user } = renderOffice("/people");
    await user.type(await screen.findByLabelText("Address"), "Amina@Example.com");
    await user.click(screen.getByRole("button", { name: "Find" }));

    expect(
      await screen.findByRole("heading", { name: "What is held about this address" }),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ email: "Amina@Example.com" }]);
    expect(location()).toBe("/people");
    const inquiries = screen.getByRole("region", { name: "Inquiries" });
    expect(within(inquiries).getByText("Strategy review")).toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Blog comments" })).getByText("None."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export as JSON" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Erase…" })).not.toBeInTheDocument();
    expect(screen.getByText("Only an owner can erase a person's data.")).toBeInTheDocument();
  });

  it("an empty address is refused on the page, without asking the API", async () => {
    signedInAs(colleague);
    const { user } = renderOffice("/people");
    await user.click(await screen.findByRole("button", { name: "Find" }));
    expect(await screen.findByText("Please enter an address.")).toBeInTheDocument();
    expect(screen.getByLabelText("Address")).toHaveAttribute("aria-invalid", "true");
  });

  it("an owner's erasure whose confirmation the API refuses says why and keeps the typed text; the second one erases", async () => {
    signedInAs(owner);
    serveFind();
    const erasures: unknown[] = [];
    server.use(
      http.post(peopleApi.erase, async ({ request: req }) => {
        const body = (await req.json()) as { confirmation: string };
        erasures.push(body);
        if (body.confirmation !== "amina@example.com")
          return HttpResponse.json(
            {
              error: "Please check the highlighted fields and try again.",
              fieldErrors: { confirmation: peopleMessages.confirmationMismatch },
            },
            { status: 400 },
          );
        const answer: ErasureAnswer = {
          erasure: {
            id: "erasure-1",
            addressHash: "h".repeat(64),
            erasedAt: "2026-11-26T10:00:00.000Z",
            deleted: { subscriptions: 1, contacts: 1, comments: 0, mails: 1 },
          },
        };
        return HttpResponse.json(answer);
      }),
    );
    const { user } = renderOffice("/people");
    await user.type(await screen.findByLabelText("Address"), "amina@example.com");
    await user.click(screen.getByRole("button", { name: "Find" }));
    await user.click(await screen.findByRole("button", { name: "Erase…" }));
    const confirmation = screen.getByLabelText("Type the address again to confirm");
    await user.type(confirmation, "amina@example.co");
    await user.click(screen.getByRole("button", { name: "Erase for good" }));

    expect(await screen.findByText(peopleMessages.confirmationMismatch)).toBeInTheDocument();
    expect(confirmation).toHaveValue("amina@example.co");
    expect(confirmation).toHaveAttribute("aria-invalid", "true");

    await user.type(confirmation, "m");
    await user.click(screen.getByRole("button", { name: "Erase for good" }));
    expect(
      await screen.findByText("Erased. Nothing about this address remains but the erasure record."),
    ).toBeInTheDocument();
    expect(screen.getByText("erasure-1")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Inquiries" })).not.toBeInTheDocument();
    expect(erasures).toEqual([
      { email: "amina@example.com", confirmation: "amina@example.co" },
      { email: "amina@example.com", confirmation: "amina@example.com" },
    ]);
  });

  it("a register entry opens with its person found, and its export answers it", async () => {
    signedInAs(colleague);
    const bodies = serveFind();
    const exports: unknown[] = [];
    server.use(
      http.get(peopleApi.request("req-1"), () => HttpResponse.json({ request: request() })),
      http.post(peopleApi.export, async ({ request: req }) => {
        exports.push(await req.json());
        return HttpResponse.json({ email: "amina@example.com" });
      }),
    );
    // The browser's saving of the file: happy-dom would navigate to the blob instead.
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user } = renderOffice("/people?request=req-1");
    await screen.findByRole("heading", { name: "What is held about this address" });
    expect(bodies).toEqual([{ email: "amina@example.com" }]);
    await user.click(screen.getByRole("button", { name: "Export as JSON" }));
    expect(
      await screen.findByText("The file is downloaded. The export is in the audit log."),
    ).toBeInTheDocument();
    expect(exports).toEqual([{ email: "amina@example.com", requestId: "req-1" }]);
    expect(saved).toEqual([expect.stringMatching(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/)]);
  });
});

describe("the register of requests", () => {
  it("lists the entries (an erased person's without an address), records a new one and marks one answered", async () => {
    signedInAs(colleague);
    const recorded: unknown[] = [];
    const answered: string[] = [];
    server.use(
      http.get(peopleApi.requests, () =>
        HttpResponse.json({
          items: [
            request(),
            request({ id: "req-2", email: null, kind: "access", answeredOn: "2026-11-21" }),
          ],
          nextCursor: null,
        }),
      ),
      http.post(peopleApi.requests, async ({ request: req }) => {
        recorded.push(await req.json());
        return HttpResponse.json({ request: request({ id: "req-3" }) }, { status: 201 });
      }),
      http.post(peopleApi.requestAnswered("req-1"), () => {
        answered.push("req-1");
        return HttpResponse.json({ request: request({ answeredOn: "2026-11-26" }) });
      }),
    );
    const { user } = renderOffice("/people/requests");
    expect(await screen.findByText("Erased (keyed hash kept)")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open amina@example.com" })).toHaveAttribute(
      "href",
      "/people?request=req-1",
    );

    await user.type(screen.getByLabelText("The person's address"), "juma@example.com");
    await user.selectOptions(screen.getByLabelText("What they asked for"), "erasure");
    await user.selectOptions(screen.getByLabelText("How it came"), "web-form");
    await user.type(screen.getByLabelText("Note"), "Asked on the site.");
    await user.click(screen.getByRole("button", { name: "Record" }));
    expect(await screen.findByText("The request is recorded.")).toBeInTheDocument();
    expect(recorded).toEqual([
      expect.objectContaining({
        email: "juma@example.com",
        kind: "erasure",
        channel: "web-form",
        note: "Asked on the site.",
        receivedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    ]);

    await user.click(screen.getByRole("button", { name: "Mark answered amina@example.com" }));
    await waitFor(() => expect(answered).toEqual(["req-1"]));
    expect(await screen.findByText("The request is marked answered.")).toBeInTheDocument();
  });
});
