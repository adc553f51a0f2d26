import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { firm } from "@site/shared/content";
import { apiMessages, contactMessages, validationMessages } from "@site/shared/messages";
import { contactReference } from "../../src/mail/templates.js";
import { makeTestApp, testInbox } from "../helpers/app.js";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const valid = {
  name: "Wanjiku Kamau",
  email: "wanjiku@example.com",
  phone: "+254 711 000 000",
  subject: "Strategy review",
  description: "We would like a review of our five-year plan.\nSecond line.",
};

describe("POST /api/contacts", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it("stores the contact as new with server timestamps and answers 201 with its id", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .send({ ...valid, name: "  Wanjiku Kamau ", subject: " Strategy review " });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, id: expect.stringMatching(uuid) });
    const stored = await t.store.getContact(res.body.id);
    expect(stored).toMatchObject({ ...valid, id: res.body.id, status: "new" });
    expect(stored?.createdAt).toBeInstanceOf(Date);
  });

  it("queues an acknowledgement to the submitter and a notification to the inbox in the same write", async () => {
    const res = await request(t.app).post("/api/contacts").send(valid).expect(201);
    const mails = await t.store.listMails({ contactId: res.body.id });
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => mail.delivery.state === "PENDING")).toBe(true);

    // The acknowledgement is in the firm's words only: anyone can type anyone's address.
    const ack = mails.find((mail) => mail.meta.kind === "contact-acknowledgement");
    expect(ack?.message.to).toBe(valid.email);
    expect(ack?.message.subject).toBe(
      `We received your message (reference ${contactReference(res.body.id)})`,
    );
    for (const part of [ack?.message.text, ack?.message.html]) {
      expect(part).toContain(`Dear ${valid.name},`);
      expect(part).toContain(contactReference(res.body.id));
      expect(part).not.toContain(valid.subject);
      expect(part).not.toContain("five-year plan");
      expect(part).not.toContain(valid.phone);
      expect(part).toContain(firm.replyTime);
      expect(part).toContain(firm.supportHours);
      expect(part).toContain(firm.name);
      expect(part).toContain(firm.phone);
      expect(part).toContain(firm.email);
    }

    const notification = mails.find((mail) => mail.meta.kind === "contact-notification");
    expect(notification?.message.to).toBe(testInbox);
    expect(notification?.message.replyTo).toBe(valid.email);
    for (const value of [
      res.body.id,
      valid.name,
      valid.email,
      valid.phone,
      valid.subject,
      "Second line.",
    ]) {
      expect(notification?.message.text).toContain(value);
      expect(notification?.message.html).toContain(value);
    }
  });

  it("accepts a contact without a phone and stores none", async () => {
    const { phone: _phone, ...withoutPhone } = valid;
    const res = await request(t.app)
      .post("/api/contacts")
      .send({ ...withoutPhone, phone: "   " });
    expect(res.status).toBe(201);
    expect((await t.store.getContact(res.body.id))?.phone).toBeUndefined();
  });

  it("an empty submission answers 400 with each field's message and stores nothing", async () => {
    const res = await request(t.app).post("/api/contacts").send({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: apiMessages.invalidRequest,
      fieldErrors: {
        name: validationMessages.nameRequired,
        email: validationMessages.emailRequired,
        subject: validationMessages.subjectRequired,
        description: validationMessages.descriptionRequired,
      },
    });
    expect(await t.store.listMails()).toEqual([]);
  });

  it.each([
    ["blank name", { name: "  " }, { name: validationMessages.nameRequired }],
    ["blank email", { email: " " }, { email: validationMessages.emailRequired }],
    ["malformed email", { email: "wanjiku@example" }, { email: validationMessages.emailInvalid }],
    ["blank subject", { subject: "\t" }, { subject: validationMessages.subjectRequired }],
    [
      "blank description",
      { description: "\n" },
      { description: validationMessages.descriptionRequired },
    ],
  ])("a %s answers 400 naming that field only", async (_label, override, fieldErrors) => {
    const res = await request(t.app)
      .post("/api/contacts")
      .send({ ...valid, ...override });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual(fieldErrors);
    expect(await t.store.listMails()).toEqual([]);
  });

  it("a filled honeypot answers 201 with a real-looking id and stores no contact and no mail", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .send({ ...valid, website: "https://spam.example" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, id: expect.stringMatching(uuid) });
    expect(await t.store.getContact(res.body.id)).toBeNull();
    expect(await t.store.listMails()).toEqual([]);
    expect(t.log.text()).not.toContain(valid.email);
    expect(t.log.text()).not.toContain(valid.name);
  });

  it("escapes HTML in the mails and keeps line breaks out of subjects", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .send({
        ...valid,
        name: 'Eve <script>alert("x")</script>\r\nBcc: victim@example.com',
        subject: "Hello\r\nBcc: victim@example.com",
        description: "<img src=x onerror=alert(1)> & more",
      })
      .expect(201);
    const mails = await t.store.listMails({ contactId: res.body.id });
    for (const mail of mails) {
      expect(mail.message.subject).not.toMatch(/[\r\n]/);
      expect(mail.message.html).not.toContain("<script>");
      expect(mail.message.html).not.toContain("<img src=x");
    }
    // The description reaches the firm's notification only, escaped.
    const notification = mails.find((mail) => mail.meta.kind === "contact-notification");
    expect(notification?.message.html).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; more");
  });

  it("when the store fails it answers 503 with the spec's message, and earlier contacts and mails survive", async () => {
    const kept = await request(t.app).post("/api/contacts").send(valid).expect(201);
    await t.store.close();
    const res = await request(t.app)
      .post("/api/contacts")
      .send({ ...valid, subject: "Lost" });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, error: contactMessages.failure });

    const reopened = t.reopen();
    try {
      expect(await reopened.getContact(kept.body.id)).not.toBeNull();
      expect(await reopened.listMails({ contactId: kept.body.id })).toHaveLength(2);
      expect(await reopened.listMails()).toHaveLength(2);
    } finally {
      await reopened.close();
    }
  });

  it("does not log personal data at info level", async () => {
    await request(t.app).post("/api/contacts").send(valid).expect(201);
    const text = t.log.text();
    for (const value of [valid.name, valid.email, valid.phone, valid.subject, "five-year plan"]) {
      expect(text).not.toContain(value);
    }
  });
});
