import Database from "better-sqlite3";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dataRequestAnswerSchema,
  dataRequestsPageSchema,
  erasureAnswerSchema,
  officeErrorSchema,
  officeMessages,
  peopleApi,
  peopleMessages,
  personDataSchema,
} from "@site/shared/office";
import type { makeTestApp } from "../helpers/app.js";
import { testDataKey, testToken } from "../helpers/app.js";
import { officeAgent, officeAppWithStaff, type OfficeSession } from "../helpers/office-session.js";

const owner = "owner@firm.test";
const colleague = "colleague@firm.test";

type TestApp = Awaited<ReturnType<typeof makeTestApp>>;
let t: TestApp;
let ownerSession: OfficeSession;
let staffSession: OfficeSession;

/** One app for the file: the owner and a colleague (staff) signed in once. */
beforeAll(async () => {
  ({ t, ownerSession, staffSession } = await officeAppWithStaff(owner, colleague));
});
afterAll(async () => {
  await t.cleanup();
});

const asOwner = () => officeAgent(t.app, ownerSession);
const asStaff = () => officeAgent(t.app, staffSession);

/** A person who sent an inquiry, subscribed and commented, through the public API and the store. */
async function person(email: string) {
  const contact = await request(t.app)
    .post("/api/contacts")
    .send({
      name: "Wanjiku Kamau",
      email,
      subject: "Strategy review",
      description: "Our bank needs a five-year plan.",
    })
    .expect(201);
  await request(t.app).post("/api/subscriptions").send({ email }).expect(201);
  const comment = await t.store.addCommentWithMails(
    { post: "what-afcfta-changes", name: "Wanjiku", email, text: "Asante." },
    () => [],
  );
  return { contactId: contact.body.id as string, commentId: comment.id };
}

const auditOf = async (action: string) =>
  (await t.store.listAudit(1000)).filter((entry) => entry.action === action);

describe("office people: who may do what", () => {
  it("every route answers 401 without a session and 403 to a write without the CSRF token", async () => {
    for (const path of [peopleApi.find, peopleApi.export, peopleApi.erase, peopleApi.requests]) {
      const res = await request(t.app).post(path).send({ email: "a@example.com" }).expect(401);
      expect(officeErrorSchema.parse(res.body).error).toBe(officeMessages.unauthorized);
      const csrf = await request(t.app)
        .post(path)
        .set("Cookie", staffSession.cookie)
        .send({ email: "a@example.com" })
        .expect(403);
      expect(csrf.body.error).toBe(officeMessages.csrf);
    }
    await request(t.app).get(peopleApi.requests).expect(401);
  });

  it("a staff member may find and export but not erase: 403, and nothing is erased", async () => {
    await person("staff.refused@example.com");
    const res = await asStaff()
      .post(peopleApi.erase, {
        email: "staff.refused@example.com",
        confirmation: "staff.refused@example.com",
      })
      .expect(403);
    expect(res.body.error).toBe(officeMessages.forbidden);
    expect((await t.store.findPersonalData("staff.refused@example.com")).contacts).toHaveLength(1);
    expect(await auditOf("person.erased")).toHaveLength(0);
  });
});

describe("office people: find, export, erase", () => {
  it("finds everything held about an address, however it is typed, and audits the view by the address's keyed hash", async () => {
    const { contactId, commentId } = await person("amina.find@example.com");
    const res = await asStaff()
      .post(peopleApi.find, { email: "  AMINA.Find@example.com " })
      .expect(200);
    const found = personDataSchema.parse(res.body);
    expect(found.email).toBe("amina.find@example.com");
    expect(found.inquiries.map((inquiry) => inquiry.id)).toEqual([contactId]);
    expect(found.subscription?.status).toBe("subscribed");
    expect(found.comments.map((comment) => comment.id)).toEqual([commentId]);
    expect(found.mails.map((mail) => mail.kind).sort()).toEqual(
      ["contact-acknowledgement", "contact-notification", "newsletter-welcome"].sort(),
    );
    const [viewed] = await auditOf("person.viewed");
    expect(viewed).toMatchObject({
      actor: colleague,
      target: testDataKey("amina.find@example.com"),
      details: { inquiries: "1", comments: "1", subscription: "subscribed" },
    });
  });

  it("refuses what is not an address with the field's message", async () => {
    const res = await asStaff().post(peopleApi.find, { email: "not an address" }).expect(400);
    expect(officeErrorSchema.parse(res.body).fieldErrors?.email).toBe(officeMessages.emailInvalid);
    await asStaff().post(peopleApi.find, {}).expect(400);
    await asStaff()
      .post(peopleApi.find, { email: `${"a".repeat(300)}@example.com` })
      .expect(400);
  });

  it("exports the JSON as a download, audited with the counts, never the content", async () => {
    await person("juma.export@example.com");
    const res = await asStaff()
      .post(peopleApi.export, { email: "juma.export@example.com" })
      .expect(200);
    expect(res.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.get("Content-Disposition")).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = JSON.parse(res.text) as {
      email: string;
      contacts: unknown[];
      consents: unknown[];
    };
    expect(data.email).toBe("juma.export@example.com");
    expect(data.contacts).toHaveLength(1);
    expect(data.consents).toHaveLength(3);
    const exported = (await auditOf("person.exported")).at(0);
    expect(exported?.target).toBe(testDataKey("juma.export@example.com"));
    expect(JSON.stringify(exported)).not.toContain("juma.export");
  });

  it("an erasure whose typed confirmation is another address is refused and erases nothing", async () => {
    await person("mismatch@example.com");
    const res = await asOwner()
      .post(peopleApi.erase, { email: "mismatch@example.com", confirmation: "mismatch@example.co" })
      .expect(400);
    expect(officeErrorSchema.parse(res.body).fieldErrors?.confirmation).toBe(
      peopleMessages.confirmationMismatch,
    );
    await asOwner().post(peopleApi.erase, { email: "mismatch@example.com" }).expect(400);
    expect((await t.store.findPersonalData("mismatch@example.com")).contacts).toHaveLength(1);
  });

  it("an owner's erasure (confirmed in another case) leaves the person in no list, the leads' history gone too, and audits only the keyed hash", async () => {
    const address = "erase.me@example.com";
    const { contactId } = await person(address);
    await asStaff()
      .post(`/api/office/leads/${contactId}/notes`, { text: "Called back." })
      .expect(201);
    const recorded = await asStaff()
      .post(peopleApi.requests, {
        email: address,
        kind: "erasure",
        channel: "phone",
        receivedOn: t.clock.now().toISOString().slice(0, 10),
        note: "Identity checked on the phone.",
      })
      .expect(201);
    const requestId = dataRequestAnswerSchema.parse(recorded.body).request.id;

    const res = await asOwner()
      .post(peopleApi.erase, { email: address, confirmation: "Erase.Me@Example.com", requestId })
      .expect(200);
    const { erasure } = erasureAnswerSchema.parse(res.body);
    expect(erasure.deleted).toMatchObject({ subscriptions: 1, contacts: 1, comments: 1 });
    expect(erasure.addressHash).toBe(testDataKey(address));

    // Gone from every list the office shows: leads, subscribers, comments, outbox.
    const leads = await asStaff().get("/api/office/leads?q=erase.me").expect(200);
    expect(leads.body.items).toEqual([]);
    await asStaff().get(`/api/office/leads/${contactId}`).expect(404);
    expect((await t.store.listSubscribers()).map((s) => s.email)).not.toContain(address);
    const comments = await t.store.listComments({ status: "pending" });
    expect(comments.map((comment) => comment.email)).not.toContain(address);
    const mails = await t.store.listMails({});
    expect(
      mails.filter((mail) => mail.message.to === address || mail.meta.contactId === contactId),
    ).toEqual([]);
    expect(await t.store.findPersonalData(address)).toEqual({
      subscription: null,
      contacts: [],
      comments: [],
      mails: [],
    });
    const db = new Database(t.dbFile, { readonly: true });
    try {
      const events = db
        .prepare(`SELECT count(*) AS n FROM lead_events WHERE contact_id = ?`)
        .get(contactId);
      expect(events).toEqual({ n: 0 });
    } finally {
      db.close();
    }

    // The erasure record and the register's entry remain, holding the keyed hash only, answered.
    expect((await t.store.listErasures()).map((record) => record.addressHash)).toContain(
      testDataKey(address),
    );
    const entry = await asStaff().get(peopleApi.request(requestId)).expect(200);
    expect(dataRequestAnswerSchema.parse(entry.body).request).toMatchObject({
      email: null,
      addressHash: testDataKey(address),
      answeredBy: owner,
      answeredOn: t.clock.now().toISOString().slice(0, 10),
    });

    const erased = await auditOf("person.erased");
    expect(erased).toHaveLength(1);
    expect(erased[0]).toMatchObject({
      actor: owner,
      target: testDataKey(address),
      details: { erasure: erasure.id, inquiries: "1", request: requestId },
    });
    expect((await auditOf("data-request.answered")).map((e) => e.details.by)).toContain("erasure");
    expect(JSON.stringify(await t.store.listAudit(1000))).not.toContain("erase.me@");
  });
});

describe("office people: the register of requests", () => {
  const today = () => t.clock.now().toISOString().slice(0, 10);

  it("records a request (audited), lists it open, and marks it answered by hand once", async () => {
    const res = await asStaff()
      .post(peopleApi.requests, {
        email: "register@example.com",
        kind: "access",
        channel: "mail",
        receivedOn: today(),
      })
      .expect(201);
    const { request: recorded } = dataRequestAnswerSchema.parse(res.body);
    expect(recorded).toMatchObject({
      email: "register@example.com",
      kind: "access",
      channel: "mail",
      note: "",
      answeredOn: null,
      recordedBy: colleague,
    });
    const open = dataRequestsPageSchema.parse(
      (await asStaff().get(`${peopleApi.requests}?state=open`).expect(200)).body,
    );
    expect(open.items.map((item) => item.id)).toContain(recorded.id);
    expect((await auditOf("data-request.recorded")).map((e) => e.target)).toContain(recorded.id);

    const answered = await asStaff().post(peopleApi.requestAnswered(recorded.id)).expect(200);
    expect(dataRequestAnswerSchema.parse(answered.body).request.answeredOn).toBe(today());
    await asStaff().post(peopleApi.requestAnswered(recorded.id)).expect(200);
    expect(
      (await auditOf("data-request.answered")).filter((e) => e.target === recorded.id),
    ).toHaveLength(1);
    const stillOpen = dataRequestsPageSchema.parse(
      (await asStaff().get(`${peopleApi.requests}?state=open`).expect(200)).body,
    );
    expect(stillOpen.items.map((item) => item.id)).not.toContain(recorded.id);
  });

  it("an export from a register entry marks it answered in the same write; another address's entry is refused", async () => {
    await person("access@example.com");
    const { request: entry } = dataRequestAnswerSchema.parse(
      (
        await asStaff()
          .post(peopleApi.requests, {
            email: "access@example.com",
            kind: "access",
            channel: "web-form",
            receivedOn: today(),
          })
          .expect(201)
      ).body,
    );
    const refused = await asStaff()
      .post(peopleApi.export, { email: "other@example.com", requestId: entry.id })
      .expect(400);
    expect(refused.body.fieldErrors.requestId).toBe(peopleMessages.requestAddressGone);
    await asStaff()
      .post(peopleApi.export, { email: "access@example.com", requestId: "no-such-request" })
      .expect(404);
    await asStaff()
      .post(peopleApi.export, { email: "access@example.com", requestId: entry.id })
      .expect(200);
    const after = await asStaff().get(peopleApi.request(entry.id)).expect(200);
    expect(after.body.request).toMatchObject({ answeredOn: today(), answeredBy: colleague });
    const found = personDataSchema.parse(
      (await asStaff().post(peopleApi.find, { email: "access@example.com" }).expect(200)).body,
    );
    expect(found.requests.map((r) => r.id)).toEqual([entry.id]);
  });

  it("refuses a request without its kind, channel or day, a day to come, a long note, and a bad cursor", async () => {
    const missing = await asStaff()
      .post(peopleApi.requests, { email: "x@example.com" })
      .expect(400);
    expect(Object.keys(missing.body.fieldErrors).sort()).toEqual(["channel", "kind", "receivedOn"]);
    const future = await asStaff()
      .post(peopleApi.requests, {
        email: "x@example.com",
        kind: "access",
        channel: "mail",
        receivedOn: "2999-01-01",
      })
      .expect(400);
    expect(future.body.fieldErrors.receivedOn).toBe(peopleMessages.receivedInFuture);
    const note = await asStaff()
      .post(peopleApi.requests, {
        email: "x@example.com",
        kind: "access",
        channel: "mail",
        receivedOn: today(),
        note: "a\u0000b",
      })
      .expect(400);
    expect(note.body.fieldErrors.note).toBeDefined();
    await asStaff().get(`${peopleApi.requests}?cursor=%25%25`).expect(400);
    await asStaff().get(`${peopleApi.requests}?state=closed`).expect(400);
    await asStaff().get(peopleApi.request("unknown-id")).expect(404);
  });

  it("pages the register newest first with an opaque cursor", async () => {
    for (let n = 0; n < 22; n += 1)
      await asStaff()
        .post(peopleApi.requests, {
          email: `page${n}@example.com`,
          kind: "access",
          channel: "other",
          receivedOn: today(),
        })
        .expect(201);
    const first = dataRequestsPageSchema.parse(
      (await asStaff().get(peopleApi.requests).expect(200)).body,
    );
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = dataRequestsPageSchema.parse(
      (await asStaff().get(`${peopleApi.requests}?cursor=${first.nextCursor}`).expect(200)).body,
    );
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...first.items, ...second.items].map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe("the firm's tools and the operator command", () => {
  it("the bearer-token export, erasure and subscriber list are in the audit log as the system's, by the keyed hash", async () => {
    await person("tools@example.com");
    const admin = (path: string) =>
      request(t.app).post(path).set("Authorization", `Bearer ${testToken}`);
    await admin("/api/admin/personal-data/export").send({ email: "tools@example.com" }).expect(200);
    await admin("/api/admin/personal-data/erase").send({ email: "tools@example.com" }).expect(200);
    await request(t.app)
      .get("/api/admin/subscribers.csv")
      .set("Authorization", `Bearer ${testToken}`)
      .expect(200);
    const system = (await t.store.listAudit(1000)).filter((entry) => entry.actor === null);
    const hash = testDataKey("tools@example.com");
    expect(system.filter((e) => e.target === hash).map((e) => e.action)).toEqual([
      "person.erased",
      "person.exported",
    ]);
    expect(system.find((e) => e.action === "person.erased")?.details).toMatchObject({
      inquiries: "1",
      subscriptions: "1",
    });
    expect(system.map((e) => e.action)).toContain("subscribers.exported");
  });
});
