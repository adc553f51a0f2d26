import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  csrfHeader,
  officeErrorSchema,
  officeMessages,
  outboxApi,
  outboxMailAnswerSchema,
  outboxMessages,
  outboxPageSchema,
  outboxPageSize,
  type OutboxPage,
} from "@site/shared/office";
import { createSmtpTransport } from "../../src/adapters/mail/smtp-transport.js";
import type { MailRecord } from "../../src/ports/store.js";
import { withheldMark } from "../../src/mail/withheld-links.js";
import { createOutboxWorker } from "../../src/workers/outbox.js";
import { cappedContact } from "../contract/outbox-contract.js";
import { makeTestApp } from "../helpers/app.js";
import {
  officeAgent,
  signInAs,
  tokenMailedTo,
  type OfficeSession,
} from "../helpers/office-session.js";
import { startSmtpServer } from "../helpers/smtp.js";

const owner = "owner@firm.test";
const colleague = "colleague@firm.test";
const mailFrom = "no-reply@firm.test";

/*
 * The mail outbox under /api/office/outbox on a real SQLite file, with a real in-process SMTP server
 * refusing, then accepting, the mail retried. Each test gets an app of its own in the same state: the
 * staff signed in, their sign-in mails sent, and one mail the server refused for good.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let staff: ReturnType<typeof officeAgent>;
let staffSession: OfficeSession;

/** The outbox worker until nothing is due, over a real SMTP server (refusing all with 550 if `refuse`). */
async function deliver(refuse = false) {
  const smtp = await startSmtpServer(
    refuse ? { rejectRecipient: { code: 550, message: "No such user here" } } : {},
  );
  const transport = createSmtpTransport({ url: smtp.url, from: mailFrom });
  try {
    const worker = createOutboxWorker({
      store: t.store,
      transport,
      clock: { now: () => new Date(Date.now() + 60_000) },
      logger: t.log.logger,
      maxAttempts: 3,
      retryBaseMs: 1_000,
      pollIntervalMs: 1_000,
    });
    while ((await worker.tick()).claimed > 0);
    return smtp.received;
  } finally {
    await transport.close();
    await smtp.close();
  }
}

const queue = async (to: string, extra: Partial<MailRecord["message"]> = {}) =>
  (
    await t.store.queueMail({
      message: { to, subject: `To ${to}`, text: `Hello ${to}`, html: "<p>Hello</p>", ...extra },
      meta: { kind: "admin" },
    })
  ).id;

const page = async (query: string): Promise<OutboxPage> => {
  const res = await staff.get(`${outboxApi.list}${query}`).expect(200);
  return outboxPageSchema.parse(res.body);
};

let failedId: string;
let sentId: string;

beforeEach(async () => {
  t = await makeTestApp();
  await t.deps.services.staff.ensureOwner(owner);
  const ownerSession = await signInAs(t.app, t.store, owner);
  await officeAgent(t.app, ownerSession)
    .post("/api/office/staff", { email: colleague, role: "staff" })
    .expect(201);
  staffSession = await signInAs(t.app, t.store, colleague);
  staff = officeAgent(t.app, staffSession);
  // Everything queued so far (the sign-in links) is sent; then one mail the server refuses for good.
  await deliver();
  sentId = (await t.store.listMails({ state: "SUCCESS" }))[0]?.id ?? "";
  failedId = await queue("gone@example.com");
  await deliver(true);
}, 60_000);

afterEach(async () => {
  await t.cleanup();
});

describe("the outbox's list", () => {
  it("refuses without a session (401)", async () => {
    const res = await request(t.app).get(outboxApi.list).expect(401);
    expect(officeErrorSchema.parse(res.body).error).toBe(officeMessages.unauthorized);
  });

  it("lists every mail newest first, with the counts per state and the day's automatic mail against its cap", async () => {
    const listed = await page("");
    expect(listed.items[0]?.id).toBe(failedId);
    expect(listed.items[0]).toMatchObject({
      kind: "admin",
      to: "gone@example.com",
      locale: "en",
      state: "failed",
      heldBy: null,
      attempts: 1,
      retriedAt: null,
    });
    expect(listed.items[0]?.lastAnswer).toContain("No such user here");
    expect(listed.counts.failed).toBe(1);
    expect(listed.counts.sent).toBeGreaterThanOrEqual(2);
    expect(listed.cap).toEqual({
      day: t.clock.now().toISOString().slice(0, 10),
      count: 0,
      cap: 200,
    });
  });

  it("filters by state, kind, language, part of the recipient and days, from the query", async () => {
    const french = await queue("Marie@Example.fr", { headers: { "Content-Language": "fr" } });
    const capped = await cappedContact(t.store, "held@example.com", t.clock.now());
    expect((await page("?state=failed")).items.map((m) => m.id)).toEqual([failedId]);
    const inFrench = (await page("?locale=fr")).items;
    expect(inFrench.map((m) => m.id)).toContain(french);
    expect(inFrench.map((m) => m.locale)).toEqual(["fr", "fr"]);
    expect((await page("?recipient=marie%40EXAMPLE")).items.map((m) => m.id)).toEqual([french]);
    const held = await page("?state=held");
    expect(held.items).toHaveLength(1);
    expect(held.items[0]).toMatchObject({
      kind: "contact-acknowledgement",
      to: "held@example.com",
      locale: "fr",
      state: "held",
      heldBy: "recipient-limit",
      lastAnswer: null,
    });
    expect(held.counts.held).toBe(1);
    const notifications = await page("?kind=contact-notification");
    expect(notifications.items.map((m) => m.to)).toEqual(["inbox@firm.test"]);
    expect(capped.skipped).toHaveLength(1);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await page(`?from=${today}&to=${today}&state=failed`)).items).toHaveLength(1);
    expect((await page("?from=2001-01-01&to=2001-01-02")).items).toEqual([]);
    expect((await page("?state=")).items.length).toBeGreaterThan(3);
  });

  it("answers a wrong filter with 400 and the field's message", async () => {
    for (const [query, field] of [
      ["?state=lost", "state"],
      ["?kind=spam", "kind"],
      ["?locale=xx", "locale"],
      ["?from=2026-02-30", "from"],
      ["?from=2026-03-02&to=2026-03-01", "to"],
      ["?cursor=%25%25", "cursor"],
      ["?cursor=bm9wZQ", "cursor"],
      [`?recipient=${"a".repeat(300)}`, "recipient"],
      ["?recipient=a%07b", "recipient"],
    ] as const) {
      const res = await staff.get(`${outboxApi.list}${query}`).expect(400);
      const refusal = officeErrorSchema.parse(res.body);
      expect(refusal.error).toBe(officeMessages.invalidRequest);
      expect(Object.keys(refusal.fieldErrors ?? {})).toContain(field);
    }
  });

  it("pages on the server: the next cursor continues where the page ended, without repeats", async () => {
    // One more than a page, so there is a second page whatever else the test's app holds.
    for (let i = 0; i <= outboxPageSize; i += 1) await queue(`page${i}@example.com`);
    const first = await page("?state=queued");
    expect(first.items).toHaveLength(outboxPageSize);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(`?state=queued&cursor=${first.nextCursor ?? ""}`);
    const ids = [...first.items, ...second.items].map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(first.counts.queued);
    expect(second.nextCursor).toBeNull();
  });
});

describe("one mail", () => {
  it("shows a mail with its body while it is kept, and says when it no longer is", async () => {
    const res = await staff.get(outboxApi.mail(failedId)).expect(200);
    const { mail } = outboxMailAnswerSchema.parse(res.body);
    expect(mail).toMatchObject({
      id: failedId,
      state: "failed",
      retryable: true,
      body: { kept: true, subject: "To gone@example.com", text: "Hello gone@example.com" },
    });
    expect(await t.store.purgeMailBodies(new Date(Date.now() + 120_000))).toBeGreaterThan(0);
    const sent = outboxMailAnswerSchema.parse(
      (await staff.get(outboxApi.mail(sentId)).expect(200)).body,
    );
    expect(sent.mail.body.kept).toBe(false);
    expect(sent.mail.body).toMatchObject({ subject: expect.any(String) });
    expect(sent.mail.body.kept ? null : sent.mail.body.removedAt).not.toBeNull();
    expect(sent.mail.messageId).not.toBeNull();
    expect(sent.mail.retryable).toBe(false);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not%20an%20id", "x".repeat(80)]) {
      const res = await staff.get(`${outboxApi.list}/${id}`).expect(404);
      expect(officeErrorSchema.parse(res.body).error).toBe(outboxMessages.mailNotFound);
    }
  });
});

describe("retrying a failed mail", () => {
  it("needs a session and the CSRF token", async () => {
    await request(t.app).post(outboxApi.retry(failedId)).expect(401);
    const res = await request(t.app)
      .post(outboxApi.retry(failedId))
      .set("Cookie", staffSession.cookie)
      .expect(403);
    expect(officeErrorSchema.parse(res.body).error).toBe(officeMessages.csrf);
    await request(t.app)
      .post(outboxApi.retry(failedId))
      .set("Cookie", staffSession.cookie)
      .set(csrfHeader, "not-the-token")
      .expect(403);
    expect((await t.store.getMail(failedId))?.delivery.state).toBe("ERROR");
  });

  it("queues it again once, audited; the worker sends it under its lease; a second retry is refused", async () => {
    const res = await staff.post(outboxApi.retry(failedId)).expect(200);
    const { mail } = outboxMailAnswerSchema.parse(res.body);
    expect(mail).toMatchObject({ state: "queued", attempts: 0, retryable: false });
    expect(mail.retriedAt).not.toBeNull();
    const audit = (await t.store.listAudit(20)).find((entry) => entry.action === "mail.retried");
    expect(audit).toMatchObject({ actor: colleague, target: failedId });
    // The server's answer may name the recipient: it stays out of the audit log, which outlives an erasure.
    expect(audit?.details).toEqual({ kind: "admin", attempts: "1" });

    // Queued, not failed: refused, and nothing changes.
    const queued = await staff.post(outboxApi.retry(failedId)).expect(409);
    expect(officeErrorSchema.parse(queued.body).error).toBe(outboxMessages.notFailed);

    // The server refuses it again: failed again, and the office's one retry is spent.
    await deliver(true);
    expect((await t.store.getMail(failedId))?.delivery.state).toBe("ERROR");
    const again = await staff.post(outboxApi.retry(failedId)).expect(409);
    expect(officeErrorSchema.parse(again.body).error).toBe(outboxMessages.alreadyRetried);
    const detail = outboxMailAnswerSchema.parse((await staff.get(outboxApi.mail(failedId))).body);
    expect(detail.mail).toMatchObject({ state: "failed", retryable: false });
    expect(
      (await t.store.listAudit(50)).filter((entry) => entry.action === "mail.retried"),
    ).toHaveLength(1);
  });

  it("a retried mail the server now accepts arrives", async () => {
    const id = await queue("later@example.com");
    await deliver(true);
    await staff.post(outboxApi.retry(id)).expect(200);
    const received = await deliver();
    expect(received.map((m) => m.envelope.to)).toContainEqual(["later@example.com"]);
    const { mail } = outboxMailAnswerSchema.parse((await staff.get(outboxApi.mail(id))).body);
    expect(mail).toMatchObject({ state: "sent", attempts: 1, lastAnswer: null });
  });

  it("refuses a mail that is not failed (409) and an unknown one (404)", async () => {
    const sent = await staff.post(outboxApi.retry(sentId)).expect(409);
    expect(officeErrorSchema.parse(sent.body).error).toBe(outboxMessages.notFailed);
    const unknown = await staff
      .post(outboxApi.retry("00000000-0000-4000-8000-000000000000"))
      .expect(404);
    expect(officeErrorSchema.parse(unknown.body).error).toBe(outboxMessages.mailNotFound);
  });
});

describe("a mail's links", () => {
  it("never show their keys: the owner's sign-in link in the outbox is no way in for a colleague", async () => {
    await request(t.app).post("/api/office/sign-in/link").send({ email: owner }).expect(202);
    const token = await tokenMailedTo(t.store, owner);
    const list = await page(`?kind=office-sign-in&state=queued`);
    const id = list.items.find((item) => item.to === owner)?.id;
    expect(id).toBeDefined();
    const { mail } = outboxMailAnswerSchema.parse(
      (await staff.get(outboxApi.mail(id ?? "")).expect(200)).body,
    );
    if (!mail.body.kept) throw new Error("the queued sign-in mail's body is kept");
    expect(mail.body.text).toContain(`/admin/sign-in${withheldMark}`);
    expect(mail.body.text).not.toContain(token);
    expect(JSON.stringify(mail)).not.toContain("token=");
    // The key is still the owner's alone: it signs the owner in.
    await request(t.app).post("/api/office/sign-in").send({ token }).expect(200);
  });
});
