import { render, screen, type RenderResult } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { MemoryRouter, useLocation } from "react-router";
import { officeApi, type LeadsPage, type LeadSummary, type Me } from "@site/shared/office";
import { createOffice, OfficeApp, OfficeScreens, type Office } from "../app";
import { server } from "./msw";
// The screens the routes load lazily, loaded up front: a test waits for what a screen shows, not for
// the first transform of its module.
import "../features/leads/inbox-page";
import "../features/leads/lead-page";
import "../features/staff/staff-page";

export const owner: Me = {
  email: "owner@firm.test",
  name: "Olive Owner",
  role: "owner",
  csrfToken: "csrf-owner",
};
export const colleague: Me = {
  email: "amani@firm.test",
  name: "Amani",
  role: "staff",
  csrfToken: "csrf-amani",
};

/** Where the router is, for assertions on the URL (path and query). */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** Where the router is now: path and query, without /admin. */
export const location = () => screen.getByTestId("location").textContent;

/** The office at `path` (a router path without /admin), in a memory router, as main.tsx wires it. */
export function renderOffice(
  path: string,
): RenderResult & { office: Office; user: ReturnType<typeof userEvent.setup> } {
  const office = createOffice();
  const user = userEvent.setup();
  const result = render(
    <OfficeApp office={office}>
      <MemoryRouter initialEntries={[path]}>
        <OfficeScreens office={office} />
        <LocationProbe />
      </MemoryRouter>
    </OfficeApp>,
  );
  return { ...result, office, user };
}

/** The person /api/office/me answers with (or 401 for nobody). */
export function signedInAs(me: Me | null) {
  server.use(
    http.get(officeApi.me, () =>
      me
        ? HttpResponse.json(me)
        : HttpResponse.json({ error: "Please sign in to the office." }, { status: 401 }),
    ),
  );
}

export function leadSummary(overrides: Partial<LeadSummary> = {}): LeadSummary {
  return {
    id: "lead-1",
    name: "Wanjiku Kamau",
    email: "wanjiku@bank.test",
    subject: "Payments strategy",
    status: "new",
    closeReason: null,
    owner: null,
    locale: "en",
    createdAt: "2026-11-20T08:00:00.000Z",
    firstAnsweredAt: null,
    ...overrides,
  };
}

export function leadsPage(overrides: Partial<LeadsPage> = {}): LeadsPage {
  return {
    items: [leadSummary()],
    nextCursor: null,
    counts: { new: 1, in_progress: 0, closed: 0 },
    medianFirstAnswerMs: null,
    ...overrides,
  };
}

/** Answers GET /api/office/leads with `page` and records each query string asked for. */
export function serveLeads(page: (url: URL) => LeadsPage = () => leadsPage()): string[] {
  const queries: string[] = [];
  server.use(
    http.get(officeApi.leads, ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      return HttpResponse.json(page(url));
    }),
  );
  return queries;
}
