import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { privacyNotice } from "@site/shared/content";
import { privacyMessages, requestMessages } from "@site/shared/messages";
import { locales } from "@site/shared/i18n";
import { createFingerprint, createIdempotency } from "../../src/common/idempotency/fingerprint.js";
import {
  IdempotencyKeyReusedError,
  type IdempotencyClaim,
} from "../../src/common/idempotency/port.js";
import {
  createSubmission,
  screenNothing,
  type Accepted,
  type SubmissionOutcome,
  type Written,
} from "../../src/common/submission.js";
import { manualClock } from "../helpers/clock.js";

// A form of its own (not one of the site's), so these tests hold the pipeline's rules alone.
const noteSchema = z.object({
  note: z.string().min(1, "A note is required"),
  website: z.string().optional(),
  page: z.string().optional(),
  noticeVersion: z.string().optional(),
  idempotencyKey: z.string().optional(),
  locale: z.enum(locales).optional(),
});

type Note = { note: string } & Accepted;
type Extra = { kind: "refused"; why: string };
type Answer = SubmissionOutcome<Extra>;

const key = "k".repeat(22);
const fingerprint = createFingerprint("s".repeat(40));

/** A pipeline over noteSchema whose steps record what they are given; `write` answers as told. */
function notePipeline({
  screen = screenNothing,
  admit,
  write = async () => ({ kind: "stored", answer: { kind: "created", id: "n-1" } }),
}: {
  screen?: (fields: { note: string }) => { refused: Answer } | { passed: undefined };
  admit?: (entry: Note) => Promise<Answer | undefined>;
  write?: (entry: Note, claim: IdempotencyClaim | undefined) => Promise<Written<Answer>>;
} = {}) {
  const steps = {
    screen: vi.fn(screen),
    entry: vi.fn((fields: { note: string }, accepted: Accepted): Note => ({
      ...fields,
      ...accepted,
    })),
    admit: vi.fn(admit ?? (async () => undefined)),
    write: vi.fn(write),
  };
  const onMailQueued = vi.fn();
  const submit: (
    body: unknown,
    context?: { refererPath?: string; idempotencyKey?: string },
  ) => Promise<Answer> = createSubmission(
    { schema: noteSchema, scope: "contact", ...steps },
    { idempotency: createIdempotency({ fingerprint, clock: manualClock() }), onMailQueued },
  );
  return { submit, steps, onMailQueued };
}

describe("the submission pipeline", () => {
  it("answers a body its schema refuses with the field messages, and runs no step", async () => {
    const { submit, steps } = notePipeline();
    expect(await submit({ note: "" })).toEqual({
      kind: "invalid",
      fieldErrors: { note: "A note is required" },
    });
    expect(await submit("not an object")).toMatchObject({ kind: "invalid" });
    expect(steps.screen).not.toHaveBeenCalled();
    expect(steps.write).not.toHaveBeenCalled();
  });

  it("drops a filled honeypot with a fresh id each time, before any step of the capability", async () => {
    const { submit, steps, onMailQueued } = notePipeline();
    const first = await submit({ note: "hi", website: "http://spam.example" });
    const second = await submit({ note: "hi", website: " x " });
    expect(first).toMatchObject({ kind: "dropped" });
    expect(second).toMatchObject({ kind: "dropped" });
    expect(first).not.toEqual(second);
    // Only white space is no content: a person's browser may autofill a space.
    expect(await submit({ note: "hi", website: "  " })).toEqual({ kind: "created", id: "n-1" });
    expect(steps.screen).toHaveBeenCalledTimes(1);
    expect(steps.write).toHaveBeenCalledTimes(1);
    expect(onMailQueued).toHaveBeenCalledTimes(1);
  });

  it("hands the screen and the entry the form's own fields only, with the consent and language it settled", async () => {
    const { submit, steps } = notePipeline();
    await submit(
      {
        note: "hi",
        page: "/fr/contact",
        noticeVersion: privacyNotice.version,
        idempotencyKey: key,
      },
      { refererPath: "/about" },
    );
    expect(steps.screen).toHaveBeenCalledWith({ note: "hi" });
    expect(steps.entry).toHaveBeenCalledWith(
      { note: "hi" },
      { consent: { page: "/fr/contact", noticeVersion: privacyNotice.version }, locale: "fr" },
    );
    // Without a page of the site, the Referer's page; the form's locale field before either path.
    await submit({ note: "hi", page: "/nowhere", locale: "sw" }, { refererPath: "/fr/about" });
    expect(steps.entry).toHaveBeenLastCalledWith(
      { note: "hi" },
      { consent: { page: "/fr/about", noticeVersion: null }, locale: "sw" },
    );
  });

  it("answers the screen's refusal before the consent is read, and writes nothing", async () => {
    const refused: Answer = { kind: "refused", why: "the capability's own rule" };
    const { submit, steps } = notePipeline({ screen: () => ({ refused }) });
    expect(await submit({ note: "hi", noticeVersion: "1999-01-01" })).toEqual(refused);
    expect(steps.entry).not.toHaveBeenCalled();
    expect(steps.write).not.toHaveBeenCalled();
  });

  it("refuses a privacy notice the site never showed, and writes nothing", async () => {
    const { submit, steps } = notePipeline();
    expect(await submit({ note: "hi", noticeVersion: "1999-01-01" })).toEqual({
      kind: "invalid",
      fieldErrors: { noticeVersion: privacyMessages.unknownNoticeVersion },
    });
    expect(steps.admit).not.toHaveBeenCalled();
    expect(steps.write).not.toHaveBeenCalled();
  });

  it("answers admit's refusal before the key is looked at, and writes nothing", async () => {
    const refused: Answer = { kind: "refused", why: "busy" };
    const { submit, steps } = notePipeline({ admit: async () => refused });
    expect(await submit({ note: "hi" }, { idempotencyKey: "bad key" })).toEqual(refused);
    expect(steps.admit).toHaveBeenCalledWith(expect.objectContaining({ note: "hi" }));
    expect(steps.write).not.toHaveBeenCalled();
  });

  it("refuses a malformed key, or a header and a field that differ, and writes nothing", async () => {
    const { submit, steps } = notePipeline();
    const invalidKey = {
      kind: "invalid",
      fieldErrors: { idempotencyKey: requestMessages.idempotencyKeyInvalid },
    };
    expect(await submit({ note: "hi" }, { idempotencyKey: "short" })).toEqual(invalidKey);
    expect(
      await submit({ note: "hi", idempotencyKey: key }, { idempotencyKey: "j".repeat(22) }),
    ).toEqual(invalidKey);
    expect(steps.write).not.toHaveBeenCalled();
  });

  it("writes the entry with its key's claim, in the pipeline's scope, fingerprinting the entry", async () => {
    const { submit, steps } = notePipeline();
    await submit({ note: "hi", idempotencyKey: key }, { idempotencyKey: key });
    const [entry, claim] = steps.write.mock.calls[0] ?? [];
    expect(claim).toMatchObject({ scope: "contact", key, fingerprint: fingerprint(entry) });
    // No key at all (a form posted without script): written without a claim.
    await submit({ note: "hi" });
    expect(steps.write.mock.calls[1]?.[1]).toBeUndefined();
  });

  it("after a fresh write reports the skipped mails, then tells that mail was queued", async () => {
    const order: string[] = [];
    const { submit, onMailQueued } = notePipeline({
      write: async () => ({
        kind: "stored",
        answer: { kind: "created", id: "n-2" },
        reportSkipped: () => order.push("reported"),
      }),
    });
    onMailQueued.mockImplementation(() => order.push("queued"));
    expect(await submit({ note: "hi" })).toEqual({ kind: "created", id: "n-2" });
    expect(order).toEqual(["reported", "queued"]);
  });

  it("answers a repeat with the first answer and a write that changed nothing as it is, sending nothing new", async () => {
    for (const kind of ["replayed", "unchanged"] as const) {
      const { submit, onMailQueued } = notePipeline({
        write: async () => ({ kind, answer: { kind: "refused", why: kind } }),
      });
      expect(await submit({ note: "hi", idempotencyKey: key })).toEqual({
        kind: "refused",
        why: kind,
      });
      expect(onMailQueued).not.toHaveBeenCalled();
    }
  });

  it("answers a key used before for other fields as key-reused, and any other failure as unavailable", async () => {
    const reused = notePipeline({
      write: async () => {
        throw new IdempotencyKeyReusedError();
      },
    });
    expect(await reused.submit({ note: "hi", idempotencyKey: key })).toEqual({
      kind: "key-reused",
    });
    expect(reused.onMailQueued).not.toHaveBeenCalled();

    const down = new Error("store down");
    const failedWrite = notePipeline({
      write: async () => {
        throw down;
      },
    });
    expect(await failedWrite.submit({ note: "hi" })).toEqual({ kind: "unavailable", cause: down });
    const failedAdmit = notePipeline({
      admit: async () => {
        throw down;
      },
    });
    expect(await failedAdmit.submit({ note: "hi" })).toEqual({ kind: "unavailable", cause: down });
    expect(failedAdmit.steps.write).not.toHaveBeenCalled();
  });
});
