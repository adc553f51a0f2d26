import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditPageSchema,
  dataRequestAnswerSchema,
  erasureAnswerSchema,
  officeMessages,
  peopleApi,
  personDataSchema,
} from "@site/shared/office";
import { createFirestoreStore } from "../../src/adapters/firestore/firestore-store.js";
import { createApp } from "../../src/app.js";
import { createServices } from "../../src/services.js";
import type { Store } from "../../src/ports/store.js";
import { makeTestApp, testDataKey, testIdentity, testSecret } from "../helpers/app.js";
import { startFirestoreEmulator, type FirestoreEmulator } from "../helpers/firestore-emulator.js";
import { officeAgent, signInAs, type OfficeSession } from "../helpers/office-session.js";

const owner = "owner@firm.test";
const colleague = "colleague@firm.test";

/**
 * People's data and the audit log through HTTP on the Firestore store (the emulator): the journey the
 * SQLite file's tests cover route by route, once, so the API's answers are the same on both stores.
 */
let emulator: FirestoreEmulator;
let sqlite: Awaited<ReturnType<typeof makeTestApp>>;
let store: Store;
let dispose: () => Promise<void>;
let app: ReturnType<typeof createApp>;
let ownerSession: OfficeSession;
let staffSession: OfficeSession;

beforeAll(async () => {
  emulator = await startFirestoreEmulator();
  const connection = emulator.connect("office-people");
  dispose = connection.dispose;
  store = createFirestoreStore({ firestore: connection.firestore, dataKey: testDataKey });
  // The test app's wiring (security, logger, clock), on the Firestore store.
  sqlite = await makeTestApp();
  const services = createServices({
    store,
    identity: testIdentity,
    secret: testSecret,
    clock: sqlite.clock,
  });
  app = createApp({ ...sqlite.deps, services, store });
  await services.staff.ensureOwner(owner);
  ownerSession = await signInAs(app, store, owner);
  await officeAgent(app, ownerSession)
    .post("/api/office/staff", { email: colleague, role: "staff" })
    .expect(201);
  staffSession = await signInAs(app, store, colleague);
});
afterAll(async () => {
  await store.close();
  await dispose();
  await emulator.stop();
  await sqlite.cleanup();
});

describe("office people and audit on Firestore", () => {
  it("finds, exports and (owner only) erases a person; the register keeps the keyed hash; the audit log shows each step", async () => {
    const address = "firestore.person@example.com";
    const contact = await request(app)
      .post("/api/contacts")
      .send({ name: "Neema", email: address, subject: "Plan", description: "A plan, please." })
      .expect(201);
    await request(app).post("/api/subscriptions").send({ email: address }).expect(201);
    const asStaff = officeAgent(app, staffSession);
    const asOwner = officeAgent(app, ownerSession);

    const { request: entry } = dataRequestAnswerSchema.parse(
      (
        await asStaff
          .post(peopleApi.requests, {
            email: address,
            kind: "erasure",
            channel: "mail",
            receivedOn: sqlite.clock.now().toISOString().slice(0, 10),
          })
          .expect(201)
      ).body,
    );
    const found = personDataSchema.parse(
      (await asStaff.post(peopleApi.find, { email: address.toUpperCase() }).expect(200)).body,
    );
    expect(found.inquiries.map((inquiry) => inquiry.id)).toEqual([contact.body.id]);
    expect(found.subscription?.status).toBe("subscribed");
    expect(found.requests.map((r) => r.id)).toEqual([entry.id]);
    await asStaff.post(peopleApi.export, { email: address }).expect(200);

    const refused = await asStaff
      .post(peopleApi.erase, { email: address, confirmation: address })
      .expect(403);
    expect(refused.body.error).toBe(officeMessages.forbidden);
    await asOwner
      .post(peopleApi.erase, { email: address, confirmation: "someone@example.com" })
      .expect(400);
    const erased = erasureAnswerSchema.parse(
      (
        await asOwner
          .post(peopleApi.erase, { email: address, confirmation: address, requestId: entry.id })
          .expect(200)
      ).body,
    );
    expect(erased.erasure.deleted).toMatchObject({ subscriptions: 1, contacts: 1 });
    expect(await store.findPersonalData(address)).toEqual({
      subscription: null,
      contacts: [],
      comments: [],
      mails: [],
    });
    const leads = await asStaff.get("/api/office/leads?q=firestore.person").expect(200);
    expect(leads.body.items).toEqual([]);
    const after = dataRequestAnswerSchema.parse(
      (await asStaff.get(peopleApi.request(entry.id)).expect(200)).body,
    );
    expect(after.request).toMatchObject({ email: null, addressHash: testDataKey(address) });
    expect(after.request.answeredOn).not.toBeNull();

    await asStaff.get(peopleApi.audit).expect(403);
    const audit = auditPageSchema.parse((await asOwner.get(peopleApi.audit).expect(200)).body);
    expect(audit.items.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        "data-request.recorded",
        "person.viewed",
        "person.exported",
        "person.erased",
        "data-request.answered",
      ]),
    );
    expect(JSON.stringify(audit.items)).not.toContain("firestore.person@");
    const only = auditPageSchema.parse(
      (await asOwner.get(`${peopleApi.audit}?action=person.erased`).expect(200)).body,
    );
    expect(only.items.map((e) => e.target)).toEqual([testDataKey(address)]);
  });
});
