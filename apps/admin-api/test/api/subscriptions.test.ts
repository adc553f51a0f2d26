import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiMessages, newsletterMessages, validationMessages } from "@site/shared/messages";
import { makeTestApp } from "../helpers/app.js";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("POST /api/subscriptions", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it("stores a new email trimmed and lower-cased as subscribed and answers 201 with its id", async () => {
    const before = Date.now();
    const res = await request(t.app)
      .post("/api/subscriptions")
      .send({ email: "  Amina.Otieno@Example.COM " });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, id: expect.stringMatching(uuid) });
    const stored = await t.store.getSubscriptionByEmail("amina.otieno@example.com");
    expect(stored).toMatchObject({
      id: res.body.id,
      email: "amina.otieno@example.com",
      status: "subscribed",
    });
    expect(stored?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(stored?.updatedAt.getTime()).toBe(stored?.createdAt.getTime());
  });

  it("a second subscription with the same email in other case answers 409 and stores nothing", async () => {
    const first = await request(t.app)
      .post("/api/subscriptions")
      .send({ email: "amina@example.com" });
    const second = await request(t.app)
      .post("/api/subscriptions")
      .send({ email: "AMINA@example.com" });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ success: false, error: newsletterMessages.alreadySubscribed });
    expect((await t.store.getSubscriptionByEmail("amina@example.com"))?.id).toBe(first.body.id);
  });

  it("50 concurrent requests for one new email store exactly one subscription", async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        request(t.app).post("/api/subscriptions").send({ email: "race@example.com" }),
      ),
    );
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const winner = responses.find((res) => res.status === 201);
    expect((await t.store.getSubscriptionByEmail("race@example.com"))?.id).toBe(winner?.body.id);
  });

  it.each([
    ["missing", {}],
    ["empty", { email: "" }],
    ["blank", { email: "   " }],
    ["without an at sign", { email: "amina.example.com" }],
    ["without a dot after the at sign", { email: "amina@example" }],
    ["with a space inside", { email: "amina otieno@example.com" }],
    ["not a string", { email: 42 }],
    ["too long", { email: `${"a".repeat(250)}@example.com` }],
  ])("an email %s answers 400 with the spec's message and stores nothing", async (_label, body) => {
    const res = await request(t.app).post("/api/subscriptions").send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: validationMessages.newsletterEmailInvalid,
      fieldErrors: { email: validationMessages.newsletterEmailInvalid },
    });
    expect(await t.store.listMails()).toEqual([]);
    expect(await t.store.getSubscriptionByEmail("amina.example.com")).toBeNull();
  });

  it("a body that is not an object answers 400", async () => {
    const res = await request(t.app)
      .post("/api/subscriptions")
      .set("Content-Type", "application/json")
      .send("[1,2]");
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it("a body sent as text/plain is not parsed and answers 400", async () => {
    const res = await request(t.app)
      .post("/api/subscriptions")
      .set("Content-Type", "text/plain")
      .send(JSON.stringify({ email: "plain@example.com" }));
    expect(res.status).toBe(400);
    expect(await t.store.getSubscriptionByEmail("plain@example.com")).toBeNull();
  });

  it("a filled honeypot answers exactly like a success, with a real-looking id, and stores nothing or logs the email", async () => {
    const res = await request(t.app)
      .post("/api/subscriptions")
      .send({ email: "bot@example.com", website: "http://spam" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, id: expect.stringMatching(uuid) });
    expect(await t.store.getSubscriptionByEmail("bot@example.com")).toBeNull();
    expect(t.log.text()).toContain("honeypot");
    expect(t.log.text()).not.toContain("bot@example.com");
  });

  it("an empty honeypot is a normal subscription", async () => {
    const res = await request(t.app)
      .post("/api/subscriptions")
      .send({ email: "human@example.com", website: "" });
    expect(res.status).toBe(201);
    expect(await t.store.getSubscriptionByEmail("human@example.com")).not.toBeNull();
  });

  it("malformed JSON answers 400 with a clear message", async () => {
    const res = await request(t.app)
      .post("/api/subscriptions")
      .set("Content-Type", "application/json")
      .send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: apiMessages.malformedJson });
  });

  it("a body over 16 kB answers 413 with a clear message", async () => {
    const res = await request(t.app)
      .post("/api/subscriptions")
      .send({ email: "big@example.com", padding: "x".repeat(17 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, error: apiMessages.payloadTooLarge });
    expect(await t.store.getSubscriptionByEmail("big@example.com")).toBeNull();
  });

  it("when the store fails it answers 503 with the spec's message, and earlier subscriptions survive", async () => {
    await request(t.app).post("/api/subscriptions").send({ email: "kept@example.com" }).expect(201);
    await t.store.close();
    const res = await request(t.app).post("/api/subscriptions").send({ email: "lost@example.com" });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, error: newsletterMessages.storageFailure });
    expect(JSON.stringify(res.body)).not.toMatch(/sqlite|database|Error:/i);

    const reopened = t.reopen();
    try {
      expect(await reopened.getSubscriptionByEmail("kept@example.com")).not.toBeNull();
      expect(await reopened.getSubscriptionByEmail("lost@example.com")).toBeNull();
    } finally {
      await reopened.close();
    }
  });

  it("logs the request without the email address at info level", async () => {
    await request(t.app)
      .post("/api/subscriptions")
      .send({ email: "private.person@example.com" })
      .expect(201);
    const text = t.log.text();
    expect(text).toContain("/api/subscriptions");
    expect(text).not.toContain("private.person");
  });
});

describe("rate limits", () => {
  it("answers 429 with a clear message after the configured number of writes per address, per endpoint", async () => {
    const t = await makeTestApp({ rateLimitMax: 3 });
    try {
      for (let i = 0; i < 3; i += 1) {
        await request(t.app)
          .post("/api/subscriptions")
          .send({ email: `n${i}@example.com` })
          .expect(201);
      }
      const limited = await request(t.app)
        .post("/api/subscriptions")
        .send({ email: "n4@example.com" });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ success: false, error: apiMessages.rateLimited });
      expect(limited.headers["retry-after"]).toBeDefined();
      expect(await t.store.getSubscriptionByEmail("n4@example.com")).toBeNull();

      // The contact endpoint has its own budget; reads are not limited.
      const contact = await request(t.app)
        .post("/api/contacts")
        .send({ name: "A", email: "a@example.com", subject: "S", description: "D" });
      expect(contact.status).toBe(201);
      await request(t.app).get("/api/health").expect(200);
    } finally {
      await t.cleanup();
    }
  });

  it("behind a trusted proxy, each client address has its own budget", async () => {
    const t = await makeTestApp({ rateLimitMax: 1, trustProxy: 1 });
    try {
      const from = (ip: string, email: string) =>
        request(t.app).post("/api/subscriptions").set("X-Forwarded-For", ip).send({ email });
      expect((await from("203.0.113.1", "p1@example.com")).status).toBe(201);
      expect((await from("203.0.113.1", "p2@example.com")).status).toBe(429);
      expect((await from("203.0.113.2", "p3@example.com")).status).toBe(201);
    } finally {
      await t.cleanup();
    }
  });
});
