import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  leadsPageSchema,
  officeErrorSchema,
  officeMessages,
  overviewSchema,
  subscribersApi,
  type Overview,
} from "@site/shared/office";
import { makeTestApp } from "../helpers/app.js";
import { officeAgent, signInAs, type OfficeSession } from "../helpers/office-session.js";
import { firmDay, weekOf, workingDaysBefore } from "../../src/common/firm-calendar.js";
import type { MailTransport } from "../../src/ports/mail-transport.js";
import { createOutboxWorker } from "../../src/workers/outbox.js";

const owner = "owner@firm.test";
const colleague = "colleague@firm.test";
const dayMs = 24 * 60 * 60 * 1000;

type TestApp = Awaited<ReturnType<typeof makeTestApp>>;
let t: TestApp;
let staffSession: OfficeSession;
const asStaff = () => officeAgent(t.app, staffSession);

async function submitContact(email: string): Promise<string> {
  const res = await request(t.app)
    .post("/api/contacts")
    .send({ name: "Wanjiku Kamau", email, subject: "Strategy review", description: "A plan." })
    .expect(201);
  return res.body.id as string;
}

const overview = async (): Promise<Overview> =>
  overviewSchema.parse((await asStaff().get(subscribersApi.overview).expect(200)).body);

/** Every mail due fails for good (one attempt allowed): the outbox's failed mails. */
async function failEveryMail() {
  const refusing: MailTransport = {
    send: () => Promise.reject(new Error("550 mailbox unavailable")),
    close: () => Promise.resolve(),
  };
  const worker = createOutboxWorker({
    store: t.store,
    transport: refusing,
    clock: { now: () => new Date(Date.now() + 60_000) },
    logger: t.log.logger,
    maxAttempts: 1,
    retryBaseMs: 1_000,
    pollIntervalMs: 1_000,
  });
  await worker.tick();
}

/** One app for the file: a colleague signed in; the clock is the real time unless a test moves it. */
beforeAll(async () => {
  t = await makeTestApp();
  t.clock.set(new Date());
  await t.deps.services.staff.ensureOwner(owner);
  const ownerSession = await signInAs(t.app, t.store, owner);
  await officeAgent(t.app, ownerSession)
    .post("/api/office/staff", { email: colleague, role: "staff" })
    .expect(201);
  staffSession = await signInAs(t.app, t.store, colleague);
});
afterAll(async () => {
  await t.cleanup();
});

describe("GET /api/office/overview", () => {
  it("refuses without a session (401)", async () => {
    const res = await request(t.app).get(subscribersApi.overview).expect(401);
    expect(officeErrorSchema.parse(res.body)).toEqual({ error: officeMessages.unauthorized });
  });

  it("counts each list's figure with the filter its link opens: leads, subscribers, comments, failed mail", async () => {
    const empty = await overview();
    expect(empty.leads).toMatchObject({ thisWeek: 0, unanswered: 0, medianFirstAnswerMs: null });
    expect(empty.subscribers.counts).toEqual({ subscribed: 0, pending: 0, unsubscribed: 0 });
    expect(empty.subscribers.weeks).toHaveLength(12);
    expect([empty.pendingComments, empty.failedMails]).toEqual([0, 0]);

    const first = await submitContact("a@bank.example");
    await submitContact("b@bank.example");
    await request(t.app).post("/api/subscriptions").send({ email: "s@example.com" }).expect(201);
    await t.store.addCommentWithMails(
      { post: "what-afcfta-changes", name: "Wanjiku", email: "c@example.com", text: "Asante." },
      () => [],
    );
    await asStaff()
      .post(`/api/office/leads/${first}/replies`, { subject: "Re: review", body: "Thank you." })
      .expect(201);
    await failEveryMail();

    const now = await overview();
    const today = firmDay(new Date());
    expect(now.leads).toMatchObject({ thisWeek: 2, weekFrom: weekOf(today), unanswered: 0 });
    expect(now.leads.unansweredTo).toBe(workingDaysBefore(today, 2));
    expect(now.leads.medianFirstAnswerMs).toEqual(expect.any(Number));
    expect(now.subscribers.counts.subscribed).toBe(1);
    expect(now.subscribers.weeks.at(-1)?.subscribed).toBe(1);
    expect(now.pendingComments).toBe(1);
    // The contacts' two mails each, the reply and the welcome, all refused once and given up.
    expect(now.failedMails).toBe((await t.store.outboxCounts()).failed);
    expect(now.failedMails).toBeGreaterThanOrEqual(6);

    // The inbox with the figure's own filter lists exactly the leads it counts.
    const week = leadsPageSchema.parse(
      (await asStaff().get(`/api/office/leads?from=${now.leads.weekFrom}`).expect(200)).body,
    );
    expect(week.items).toHaveLength(now.leads.thisWeek);
  });

  it("a week on, the unanswered lead is overdue (two working days have passed) and no longer this week's", async () => {
    // The session would expire a week on: the figures are read from the service at that time, the list
    // over HTTP (it does not depend on the clock).
    t.clock.set(new Date(Date.now() + 7 * dayMs));
    const later = overviewSchema.parse(await t.deps.services.overview.overview());
    t.clock.set(new Date());
    expect(later.leads.thisWeek).toBe(0);
    // The answered one moved on to in progress; the other is still new.
    expect(later.leads.unanswered).toBe(1);
    const listed = leadsPageSchema.parse(
      (
        await asStaff()
          .get(`/api/office/leads?status=new&to=${later.leads.unansweredTo}`)
          .expect(200)
      ).body,
    );
    expect(listed.items.map((lead) => lead.email)).toEqual(["b@bank.example"]);
  });
});
