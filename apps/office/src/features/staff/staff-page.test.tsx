import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { csrfHeader, officeApi, type StaffMember } from "@site/shared/office";
import { server } from "../../test/msw";
import { colleague, owner, renderOffice, signedInAs } from "../../test/office";

function serveStaff(items: () => StaffMember[]) {
  server.use(http.get(officeApi.staff, () => HttpResponse.json({ items: items() })));
}

const member = (email: string, role: StaffMember["role"] = "staff"): StaffMember => ({
  email,
  role,
  addedAt: "2026-11-20T08:00:00.000Z",
  addedBy: role === "owner" ? null : owner.email,
});

describe("the staff screen", () => {
  it("an owner invites an address with a role; the request carries the CSRF token", async () => {
    signedInAs(owner);
    let staff = [member(owner.email, "owner")];
    serveStaff(() => staff);
    const invites: { body: unknown; csrf: string | null }[] = [];
    server.use(
      http.post(officeApi.staff, async ({ request }) => {
        const body = (await request.json()) as { email: string };
        invites.push({ body, csrf: request.headers.get(csrfHeader) });
        staff = [...staff, member(body.email, "owner")];
        return new HttpResponse(null, { status: 201 });
      }),
    );
    const { user } = renderOffice("/staff");
    await screen.findByRole("rowheader", { name: `${owner.email} (you)` });
    await user.type(screen.getByRole("textbox", { name: "Work email address" }), "Neema@Firm.test");
    await user.selectOptions(screen.getByRole("combobox", { name: "Role" }), "owner");
    await user.click(screen.getByRole("button", { name: "Invite" }));
    expect(
      await screen.findByText("neema@firm.test is invited: a sign-in link is on its way to them."),
    ).toBeInTheDocument();
    expect(await screen.findByRole("rowheader", { name: "neema@firm.test" })).toBeInTheDocument();
    expect(invites).toEqual([
      { body: { email: "neema@firm.test", role: "owner" }, csrf: owner.csrfToken },
    ]);
  });

  it("remove asks first (focus on the answer), Cancel gives focus back, Yes removes", async () => {
    signedInAs(owner);
    let staff = [member(owner.email, "owner"), member(colleague.email)];
    serveStaff(() => staff);
    const removals: (string | null)[] = [];
    server.use(
      http.delete(officeApi.staffMember(colleague.email), ({ request }) => {
        removals.push(request.headers.get(csrfHeader));
        staff = staff.filter((entry) => entry.email !== colleague.email);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderOffice("/staff");
    const remove = await screen.findByRole("button", { name: `Remove ${colleague.email}` });
    // Nobody can remove themselves here: no button on the owner's own row.
    expect(screen.getAllByRole("button", { name: /^Remove / })).toHaveLength(1);

    await user.click(remove);
    expect(screen.getByRole("button", { name: "Yes, remove" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: `Remove ${colleague.email}` })).toHaveFocus(),
    );
    expect(removals).toEqual([]);

    await user.click(screen.getByRole("button", { name: `Remove ${colleague.email}` }));
    await user.click(screen.getByRole("button", { name: "Yes, remove" }));
    expect(
      await screen.findByText(`${colleague.email} was removed from the staff.`),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("rowheader", { name: colleague.email })).not.toBeInTheDocument(),
    );
    expect(removals).toEqual([owner.csrfToken]);
    expect(screen.getByRole("heading", { name: "People who can sign in" })).toHaveFocus();
  });

  it("staff who are not owners see why, and no list is asked for", async () => {
    signedInAs(colleague);
    renderOffice("/staff");
    expect(
      await screen.findByText("Only an owner of the office can see and change its staff."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Staff" })).not.toBeInTheDocument();
  });
});
