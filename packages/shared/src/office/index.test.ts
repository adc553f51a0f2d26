import { describe, expect, it } from "vitest";
import {
  firebaseSignInRequestSchema,
  inviteStaffRequestSchema,
  leadDetailSchema,
  leadsQuerySchema,
  leadUpdateRequestSchema,
  noteRequestSchema,
  officeApi,
  officeMessages,
  officePaths,
  replyRequestSchema,
  signInLinkRequestSchema,
  signInRequestSchema,
} from "./index.js";
import { fieldErrorsOf } from "../schemas/index.js";

const errorsOf = (result: { success: boolean; error?: Parameters<typeof fieldErrorsOf>[0] }) =>
  result.error ? fieldErrorsOf(result.error) : {};

describe("office wire schemas", () => {
  it("a sign-in link request takes an address as its key (trimmed, lower case) and refuses a malformed one", () => {
    expect(signInLinkRequestSchema.parse({ email: "  Amani@Firm.Example " })).toEqual({
      email: "amani@firm.example",
    });
    expect(errorsOf(signInLinkRequestSchema.safeParse({ email: "amani at firm" }))).toEqual({
      email: officeMessages.emailInvalid,
    });
    expect(
      errorsOf(signInLinkRequestSchema.safeParse({ email: `${"a".repeat(300)}@x.example` })),
    ).toEqual({
      email: officeMessages.emailInvalid,
    });
  });

  it("a sign-in token is 43 base64url characters; anything else says the link is not valid", () => {
    const token = "A".repeat(42) + "_";
    expect(signInRequestSchema.parse({ token })).toEqual({ token });
    for (const bad of ["A".repeat(42), "A".repeat(44), `${"A".repeat(42)}=`, 12])
      expect(errorsOf(signInRequestSchema.safeParse({ token: bad }))).toEqual({
        token: officeMessages.linkInvalid,
      });
  });

  it("a Firebase ID token must be present and bounded", () => {
    expect(firebaseSignInRequestSchema.safeParse({ idToken: "" }).success).toBe(false);
    expect(firebaseSignInRequestSchema.safeParse({ idToken: "x".repeat(5000) }).success).toBe(
      false,
    );
    expect(firebaseSignInRequestSchema.safeParse({ idToken: "a.b.c" }).success).toBe(true);
  });

  it("an invitation names a role the office knows", () => {
    expect(inviteStaffRequestSchema.parse({ email: "B@x.example", role: "staff" })).toEqual({
      email: "b@x.example",
      role: "staff",
    });
    expect(
      errorsOf(inviteStaffRequestSchema.safeParse({ email: "b@x.example", role: "admin" })),
    ).toEqual({
      role: officeMessages.invalidRequest,
    });
  });

  it("the inbox's filters: empty parameters are no filter, days must exist and be in order", () => {
    expect(leadsQuerySchema.parse({ status: "", owner: "", q: "" })).toEqual({});
    expect(
      leadsQuerySchema.parse({
        status: "closed",
        owner: "me",
        locale: "fr",
        from: "2026-02-28",
        to: "2026-03-01",
        q: " bank ",
      }),
    ).toEqual({
      status: "closed",
      owner: "me",
      locale: "fr",
      from: "2026-02-28",
      to: "2026-03-01",
      q: "bank",
    });
    expect(leadsQuerySchema.parse({ owner: "Someone@X.example" })).toEqual({
      owner: "someone@x.example",
    });
    expect(errorsOf(leadsQuerySchema.safeParse({ from: "2026-02-30" }))).toEqual({
      from: officeMessages.invalidDate,
    });
    expect(errorsOf(leadsQuerySchema.safeParse({ from: "2026-03-02", to: "2026-03-01" }))).toEqual({
      to: officeMessages.dateRange,
    });
    expect(leadsQuerySchema.safeParse({ status: ["new", "closed"] }).success).toBe(false);
    expect(errorsOf(leadsQuerySchema.safeParse({ cursor: "a/b" }))).toEqual({
      cursor: officeMessages.invalidCursor,
    });
  });

  it("closing needs a reason, a reason needs closing, and an empty change is refused", () => {
    expect(leadUpdateRequestSchema.parse({ status: "closed", closeReason: "won" })).toEqual({
      status: "closed",
      closeReason: "won",
    });
    expect(errorsOf(leadUpdateRequestSchema.safeParse({ status: "closed" }))).toEqual({
      closeReason: officeMessages.closeReasonRequired,
    });
    expect(
      errorsOf(leadUpdateRequestSchema.safeParse({ status: "in_progress", closeReason: "won" })),
    ).toEqual({
      closeReason: officeMessages.closeReasonWithoutClosing,
    });
    expect(leadUpdateRequestSchema.safeParse({}).success).toBe(false);
    expect(leadUpdateRequestSchema.parse({ owner: null })).toEqual({ owner: null });
  });

  it("notes and replies are free text: trimmed, bounded, without control characters", () => {
    expect(noteRequestSchema.parse({ text: "  Called back \n" })).toEqual({ text: "Called back" });
    expect(errorsOf(noteRequestSchema.safeParse({ text: "   " }))).toEqual({
      text: officeMessages.noteRequired,
    });
    expect(noteRequestSchema.safeParse({ text: "a\u0000b" }).success).toBe(false);
    expect(errorsOf(replyRequestSchema.safeParse({ subject: "", body: "" }))).toEqual({
      subject: officeMessages.subjectRequired,
      body: officeMessages.bodyRequired,
    });
  });

  it("a lead's history parses every kind of event", () => {
    const at = "2026-11-26T10:00:00.000Z";
    const detail = {
      lead: {
        id: "l1",
        name: "A",
        email: "a@x.example",
        subject: "S",
        status: "closed",
        closeReason: "won",
        owner: "b@firm.example",
        locale: "en",
        createdAt: at,
        firstAnsweredAt: at,
        phone: null,
        description: "D",
        consent: { at, page: "/contact", noticeVersion: null },
      },
      history: [
        { id: "e1", kind: "received", at, by: null },
        { id: "e2", kind: "assigned", at, by: "b@firm.example", owner: "b@firm.example" },
        { id: "e3", kind: "note", at, by: "b@firm.example", text: "n" },
        { id: "e4", kind: "reply", at, by: "b@firm.example", subject: "s", body: "b", mailId: "m" },
        {
          id: "e5",
          kind: "status",
          at,
          by: "b@firm.example",
          status: "closed",
          closeReason: "won",
        },
      ],
    };
    expect(leadDetailSchema.parse(detail)).toEqual(detail);
  });

  it("paths escape what they interpolate", () => {
    expect(officePaths.lead("a/b")).toBe("/admin/leads/a%2Fb");
    expect(officeApi.staffMember("a+b@x.example")).toBe("/api/office/staff/a%2Bb%40x.example");
  });
});
