import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "../schemas/index.js";
import { auditQuerySchema } from "./audit.js";
import { officeMessages } from "./messages.js";
import { peopleMessages } from "./constants.js";
import {
  dataRequestInputSchema,
  dataRequestsQuerySchema,
  personEraseRequestSchema,
  personFindRequestSchema,
} from "./people.js";

const errorsOf = (result: { success: boolean; error?: Parameters<typeof fieldErrorsOf>[0] }) =>
  result.error ? fieldErrorsOf(result.error) : {};

describe("people's data requests", () => {
  it("a find takes an address as typed (the API finds it by its key) and refuses none, an empty one and control characters", () => {
    expect(personFindRequestSchema.parse({ email: "  O'Neil,Jr@Example.com " })).toEqual({
      email: "O'Neil,Jr@Example.com",
    });
    for (const email of [undefined, "", "   ", "a\u0000@example.com"])
      expect(errorsOf(personFindRequestSchema.safeParse({ email }))).toHaveProperty("email");
  });

  it("an erasure needs the typed confirmation and takes a register entry's id only in its own shape", () => {
    expect(errorsOf(personEraseRequestSchema.safeParse({ email: "a@example.com" }))).toEqual({
      confirmation: peopleMessages.confirmationMismatch,
    });
    expect(
      personEraseRequestSchema.safeParse({
        email: "a@example.com",
        confirmation: "A@example.com",
        requestId: "9b2f-entry_1",
      }).success,
    ).toBe(true);
    expect(
      errorsOf(
        personEraseRequestSchema.safeParse({
          email: "a@example.com",
          confirmation: "a@example.com",
          requestId: "../other",
        }),
      ),
    ).toEqual({ requestId: peopleMessages.requestNotFound });
  });

  it("a register entry needs its kind, channel and an existing day, and a short plain note", () => {
    expect(
      dataRequestInputSchema.parse({
        email: "a@example.com",
        kind: "erasure",
        channel: "web-form",
        receivedOn: "2026-11-20",
        note: "  Asked by reply.  ",
      }),
    ).toMatchObject({ kind: "erasure", channel: "web-form", note: "Asked by reply." });
    expect(
      errorsOf(
        dataRequestInputSchema.safeParse({
          email: "a@example.com",
          kind: "deletion",
          channel: "fax",
          receivedOn: "2026-02-30",
          note: "x".repeat(1001),
        }),
      ),
    ).toEqual({
      kind: peopleMessages.kindRequired,
      channel: peopleMessages.channelRequired,
      receivedOn: officeMessages.invalidDate,
      note: expect.any(String),
    });
    expect(dataRequestsQuerySchema.parse({ state: "", cursor: "" })).toEqual({});
    expect(dataRequestsQuerySchema.safeParse({ state: "closed" }).success).toBe(false);
  });
});

describe("the audit log's query", () => {
  it("takes the system or an address as the actor, a known action, days in order; empty parameters are no filter", () => {
    expect(
      auditQuerySchema.parse({
        actor: "system",
        action: "person.erased",
        from: "2026-11-01",
        to: "2026-11-30",
        q: "  erasure ",
        target: "",
      }),
    ).toEqual({
      actor: "system",
      action: "person.erased",
      from: "2026-11-01",
      to: "2026-11-30",
      q: "erasure",
    });
    expect(errorsOf(auditQuerySchema.safeParse({ action: "lead.deleted" }))).toEqual({
      action: officeMessages.invalidRequest,
    });
    expect(errorsOf(auditQuerySchema.safeParse({ from: "2026-12-01", to: "2026-11-01" }))).toEqual({
      to: officeMessages.dateRange,
    });
    expect(errorsOf(auditQuerySchema.safeParse({ cursor: "not a cursor" }))).toEqual({
      cursor: officeMessages.invalidCursor,
    });
    expect(auditQuerySchema.safeParse({ q: "x".repeat(201) }).success).toBe(false);
  });
});
