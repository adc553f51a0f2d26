import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, newsletterMessages, requestMessages } from "@site/shared/messages";
import { idempotencyKeyHeader } from "@site/shared/schemas";
import { makeTestApp } from "../helpers/app.js";

const contact = {
  name: "Wanjiku Kamau",
  email: "wanjiku@example.com",
  subject: "Strategy review",
  description: "We would like a review of our five-year plan.",
};
const key = "Qm9va2luZy1rZXktMDAx";

/** Every submission exactly once: the same key again answers the first answer and creates nothing. */
describe("idempotency keys on the forms' endpoints", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  const contactsOf = async (email: string) => (await t.store.findPersonalData(email)).contacts;

  it("a contact sent twice with one key: the first answer twice, one row, one pair of mails", async () => {
    const first = await request(t.app)
      .post("/api/contacts")
      .set(idempotencyKeyHeader, key)
      .send(contact);
    const again = await request(t.app)
      .post("/api/contacts")
      .set(idempotencyKeyHeader, key)
      .send(contact);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await contactsOf(contact.email)).toHaveLength(1);
    expect(await t.store.listMails({ contactId: first.body.id })).toHaveLength(2);
    expect(await t.store.listMails()).toHaveLength(2);
  });

  it("20 copies of one keyed contact at once: one row, one pair of mails, every answer the same", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(t.app).post("/api/contacts").set(idempotencyKeyHeader, key).send(contact),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await contactsOf(contact.email)).toHaveLength(1);
    expect(await t.store.listMails()).toHaveLength(2);
  });

  it("a form posted twice with its hidden key field gets the thank-you page twice and stores one contact", async () => {
    const post = () =>
      request(t.app)
        .post("/api/contacts")
        .type("form")
        .set("Host", "site.test")
        .set("Referer", "https://site.test/contact")
        .send({ ...contact, idempotencyKey: key, website: "" });
    const first = await post();
    const again = await post();
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.text).toContain(contactMessages.success.replace("'", "&#39;"));
    expect(await contactsOf(contact.email)).toHaveLength(1);
  });

  it("the header and the field may both carry the key, but not two different ones", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .set(idempotencyKeyHeader, key)
      .send({ ...contact, idempotencyKey: "another-key-0123456789" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      error: requestMessages.idempotencyKeyInvalid,
    });
    expect(await contactsOf(contact.email)).toHaveLength(0);
  });

  it.each(["short", "has spaces in it here", "x".repeat(101), "ünïcode-key-0123456789"])(
    "a malformed key (%s) is refused with a clear message and stores nothing",
    async (malformed) => {
      const viaHeader = await request(t.app)
        .post("/api/contacts")
        .set(idempotencyKeyHeader, encodeURIComponent(malformed))
        .send(contact);
      const viaField = await request(t.app)
        .post("/api/contacts")
        .send({ ...contact, idempotencyKey: malformed });
      for (const res of [viaHeader, viaField]) {
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(requestMessages.idempotencyKeyInvalid);
      }
      expect(await contactsOf(contact.email)).toHaveLength(0);
    },
  );

  it("a key reused for a different message is refused (422) and the first stands", async () => {
    await request(t.app)
      .post("/api/contacts")
      .set(idempotencyKeyHeader, key)
      .send(contact)
      .expect(201);
    const other = await request(t.app)
      .post("/api/contacts")
      .set(idempotencyKeyHeader, key)
      .send({ ...contact, description: "Something else entirely." });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ success: false, error: requestMessages.idempotencyKeyReused });
    const stored = await contactsOf(contact.email);
    expect(stored.map((row) => row.description)).toEqual([contact.description]);
  });

  it("without a key, two sends are two contacts (a form posted without script)", async () => {
    await request(t.app).post("/api/contacts").send(contact).expect(201);
    await request(t.app).post("/api/contacts").send(contact).expect(201);
    expect(await contactsOf(contact.email)).toHaveLength(2);
  });

  it("a subscription sent again with its key answers the first success, not 'already subscribed'", async () => {
    const body = { email: "amina@example.com" };
    const first = await request(t.app)
      .post("/api/subscriptions")
      .set(idempotencyKeyHeader, key)
      .send(body);
    const again = await request(t.app)
      .post("/api/subscriptions")
      .set(idempotencyKeyHeader, key)
      .send(body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await t.store.listMails()).toHaveLength(1);
    // A new key for an address already subscribed is the duplicate it always was.
    const fresh = await request(t.app)
      .post("/api/subscriptions")
      .set(idempotencyKeyHeader, "a-new-key-for-the-same-address")
      .send(body);
    expect(fresh.status).toBe(409);
    expect(fresh.body.error).toBe(newsletterMessages.alreadySubscribed);
  });

  it("20 copies of one keyed subscription at once: every answer 201 with one id, one welcome mail", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(t.app)
          .post("/api/subscriptions")
          .set(idempotencyKeyHeader, key)
          .send({ email: "amina@example.com" }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await t.store.listMails()).toHaveLength(1);
  });

  it("a browser on an allowed origin may send the key header (CORS preflight)", async () => {
    const cross = await makeTestApp({ corsOrigins: ["https://partner.example"] });
    try {
      const res = await request(cross.app)
        .options("/api/contacts")
        .set("Origin", "https://partner.example")
        .set("Access-Control-Request-Method", "POST")
        .set("Access-Control-Request-Headers", "content-type,idempotency-key");
      expect(res.headers["access-control-allow-headers"]).toMatch(/Idempotency-Key/i);
    } finally {
      await cross.cleanup();
    }
  });
});
