import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { privacyNotice } from "@site/shared/content";
import { messageText } from "@site/shared/i18n/message-ref";
import { translations } from "@site/shared/i18n/translations";
import { apiMessages, newsletterMessages } from "@site/shared/messages";
import { messageKeysHeader } from "@site/shared/schemas";
import { makeTestApp } from "../helpers/app.js";

const french = translations("fr").messages;

const contact = {
  name: "Aïcha Diallo",
  email: "aicha@example.sn",
  subject: "Stratégie bancaire",
  description: "Nous préparons un plan stratégique pour notre banque.",
  noticeVersion: privacyNotice.version,
};

describe("answers that carry their messages' keys", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it("a client that reads keys gets each message's key and parameters beside its words, which the key says in any language", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .set(messageKeysHeader, "1")
      .send({ ...contact, name: " ", subject: "x".repeat(201), locale: "fr" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: translations("fr").messages.apiMessages.invalidRequest,
      errorRef: { key: "apiMessages.invalidRequest" },
      fieldErrors: {
        name: translations("fr").messages.validationMessages.nameRequired,
        subject: translations("fr").messages.requestMessages.tooLong(200),
      },
      fieldErrorRefs: {
        name: { key: "validationMessages.nameRequired" },
        subject: { key: "requestMessages.tooLong", values: { max: 200 } },
      },
    });
    for (const locale of ["en", "fr", "sw"] as const) {
      const { messages } = translations(locale);
      expect(messageText(res.body.fieldErrorRefs.subject, messages)).toBe(
        messages.requestMessages.tooLong(200),
      );
    }
  });

  it("a refusal given before the body is read, and a duplicate, carry their keys too", async () => {
    const first = await request(t.app)
      .post("/api/subscriptions")
      .send({ email: "juma@example.co.tz", noticeVersion: privacyNotice.version });
    expect(first.status).toBe(201);
    const again = await request(t.app)
      .post("/api/subscriptions")
      .set(messageKeysHeader, "1")
      .send({ email: "juma@example.co.tz", noticeVersion: privacyNotice.version });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      success: false,
      error: newsletterMessages.alreadySubscribed,
      errorRef: { key: "newsletterMessages.alreadySubscribed" },
    });
    const malformed = await request(t.app)
      .post("/api/subscriptions")
      .set(messageKeysHeader, "1")
      .set("Content-Type", "application/json")
      .send("{not json");
    expect(malformed.body).toEqual({
      success: false,
      error: apiMessages.malformedJson,
      errorRef: { key: "apiMessages.malformedJson" },
    });
  });

  it("a page on an allowed origin may ask for keys (CORS preflight)", async () => {
    const cross = await makeTestApp({ corsOrigins: ["https://partner.example"] });
    try {
      const res = await request(cross.app)
        .options("/api/contacts")
        .set("Origin", "https://partner.example")
        .set("Access-Control-Request-Method", "POST")
        .set("Access-Control-Request-Headers", "content-type,message-keys");
      expect(res.headers["access-control-allow-headers"]).toMatch(/Message-Keys/i);
    } finally {
      await cross.cleanup();
    }
  });

  it("a client that does not ask gets the spec's fields alone, as before", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .send({ ...contact, name: " " });
    expect(Object.keys(res.body).sort()).toEqual(["error", "fieldErrors", "success"]);
  });

  it("a notice version the site never showed is refused in French, as the answer's error and its field, with its key", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .set(messageKeysHeader, "1")
      .send({ ...contact, locale: "fr", noticeVersion: "1999-01-01" });
    expect(res.status).toBe(400);
    const ref = { key: "privacyMessages.unknownNoticeVersion" };
    expect(res.body).toEqual({
      success: false,
      error: french.privacyMessages.unknownNoticeVersion,
      errorRef: ref,
      fieldErrors: { noticeVersion: french.privacyMessages.unknownNoticeVersion },
      fieldErrorRefs: { noticeVersion: ref },
    });
    expect(await t.store.listMails()).toEqual([]);
  });

  it("a header key and a field key that differ are refused in French with the key's message and its key", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .set(messageKeysHeader, "1")
      .set("Idempotency-Key", "a".repeat(22))
      .send({ ...contact, locale: "fr", idempotencyKey: "b".repeat(22) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(french.requestMessages.idempotencyKeyInvalid);
    expect(res.body.errorRef).toEqual({ key: "requestMessages.idempotencyKeyInvalid" });
    expect(await t.store.listMails()).toEqual([]);
  });

  it("a comment for a post that does not exist is refused in French with the post's message and its key", async () => {
    const res = await request(t.app).post("/api/comments").set(messageKeysHeader, "1").send({
      name: "Aïcha",
      email: "aicha@example.sn",
      comment: "Merci pour cet article.",
      post: "no-such-post",
      noticeVersion: privacyNotice.version,
      locale: "fr",
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(french.commentMessages.unknownPost);
    expect(res.body.errorRef).toEqual({ key: "commentMessages.unknownPost" });
    expect(res.body.fieldErrorRefs).toEqual({ post: { key: "commentMessages.unknownPost" } });
  });
});
