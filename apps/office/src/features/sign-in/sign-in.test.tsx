import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { csrfHeader, officeApi, officeMessages } from "@site/shared/office";
import { server } from "../../test/msw";
import {
  colleague,
  leadsPage,
  owner,
  location,
  renderOffice,
  serveLeads,
  signedInAs,
} from "../../test/office";

const linkMode = () =>
  server.use(http.get(officeApi.config, () => HttpResponse.json({ mode: "link" })));
afterEach(() => window.history.replaceState(null, "", "/"));

describe("signing in", () => {
  it("asking for a link shows the API's one answer, and keeps where the person was going", async () => {
    linkMode();
    const bodies: unknown[] = [];
    server.use(
      http.post(officeApi.signInLink, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: officeMessages.linkSent }, { status: 202 });
      }),
    );
    const { user } = renderOffice("/sign-in?next=%2Fleads%3Fowner%3Dme");
    await user.click(await screen.findByRole("button", { name: "Mail me a sign-in link" }));
    expect(screen.getByRole("textbox", { name: "Work email address" })).toHaveAccessibleDescription(
      "Please enter your email address.",
    );
    expect(bodies).toEqual([]);

    await user.type(
      screen.getByRole("textbox", { name: "Work email address" }),
      " Amani@Firm.test ",
    );
    await user.click(screen.getByRole("button", { name: "Mail me a sign-in link" }));
    expect(await screen.findByText(officeMessages.linkSent)).toBeInTheDocument();
    expect(bodies).toEqual([{ email: "amani@firm.test" }]);
    expect(window.localStorage.getItem("office:next")).toBe("/leads?owner=me");
  });

  it("the mailed link's page takes the token from the fragment, wipes it, and signs in only on the button", async () => {
    linkMode();
    window.history.replaceState(null, "", "/admin/sign-in#token=abc");
    window.localStorage.setItem("office:next", "/leads?owner=me");
    const posts: { body: unknown; csrf: string | null }[] = [];
    server.use(
      http.post(officeApi.signIn, async ({ request }) => {
        posts.push({ body: await request.json(), csrf: request.headers.get(csrfHeader) });
        return HttpResponse.json({ me: colleague });
      }),
    );
    const queries = serveLeads(() => leadsPage());
    signedInAs(colleague);
    const { user } = renderOffice("/sign-in");
    const button = await screen.findByRole("button", { name: "Sign in" });
    expect(window.location.hash).toBe("");
    expect(window.location.pathname).toBe("/admin/sign-in");
    expect(posts).toEqual([]);

    await user.click(button);
    await waitFor(() => expect(location()).toBe("/leads?owner=me"));
    expect(posts).toEqual([{ body: { token: "abc" }, csrf: null }]);
    expect(
      await screen.findByText(`Signed in as ${colleague.name} (${colleague.email})`),
    ).toBeInTheDocument();
    await waitFor(() => expect(queries).toEqual(["?owner=me"]));
  });

  it("a used or expired link says so in the API's words and offers to ask for a new one", async () => {
    linkMode();
    window.history.replaceState(null, "", "/admin/sign-in#token=used");
    server.use(
      http.post(officeApi.signIn, () =>
        HttpResponse.json({ error: officeMessages.linkExpired }, { status: 410 }),
      ),
    );
    const { user } = renderOffice("/sign-in");
    await user.click(await screen.findByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(officeMessages.linkExpired);
    await user.click(screen.getByRole("button", { name: "Ask for a new link" }));
    expect(await screen.findByRole("textbox", { name: "Work email address" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveFocus());
  });
});

describe("a session that is missing or ends", () => {
  it("opening a screen without a session lands on sign-in, remembering that screen", async () => {
    linkMode();
    signedInAs(null);
    renderOffice("/leads?owner=me&q=bank");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Sign in to the office" }),
    ).toBeInTheDocument();
    expect(location()).toBe("/sign-in?next=%2Fleads%3Fowner%3Dme%26q%3Dbank&notice=sessionEnded");
    expect(screen.getByText("Please sign in to continue.")).toBeInTheDocument();
  });

  it("a 401 on a write (a session ended by an owner) lands on sign-in too", async () => {
    linkMode();
    signedInAs(owner);
    serveLeads();
    server.use(
      http.get(officeApi.staff, () =>
        HttpResponse.json({
          items: [
            {
              email: colleague.email,
              role: "staff",
              addedAt: "2026-11-20T08:00:00.000Z",
              addedBy: owner.email,
            },
          ],
        }),
      ),
      http.post(officeApi.staff, () =>
        HttpResponse.json({ error: officeMessages.unauthorized }, { status: 401 }),
      ),
    );
    const { user } = renderOffice("/staff");
    await user.type(
      await screen.findByRole("textbox", { name: "Work email address" }),
      "new@firm.test",
    );
    await user.click(screen.getByRole("button", { name: "Invite" }));
    await waitFor(() => expect(location()).toBe("/sign-in?next=%2Fstaff&notice=sessionEnded"));
  });

  it("sign out sends the CSRF token, forgets the person and says so", async () => {
    linkMode();
    signedInAs(owner);
    serveLeads();
    const csrf: (string | null)[] = [];
    server.use(
      http.post(officeApi.signOutEverywhere, ({ request }) => {
        csrf.push(request.headers.get(csrfHeader));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderOffice("/leads");
    await user.click(await screen.findByRole("button", { name: "Sign out everywhere" }));
    expect(await screen.findByText("You are signed out on every device.")).toBeInTheDocument();
    expect(csrf).toEqual([owner.csrfToken]);
    expect(location()).toBe("/sign-in?notice=signedOutEverywhere");
  });
});
