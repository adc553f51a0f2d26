import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { privacyNotice } from "@site/shared/content";
import { translations } from "@site/shared/i18n/translations";
import { messageKeysHeader } from "@site/shared/schemas";
import { makeTestApp } from "../helpers/app.js";

const french = translations("fr").messages;

const contact = {
  name: "Aïcha Diallo",
  email: "aicha@example.sn",
  subject: "Stratégie bancaire",
  description: "Nous préparons un plan stratégique pour notre banque.",
  noticeVersion: privacyNotice.version,
  locale: "fr",
};

describe("messages the API words itself travel by their key", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it("a notice version the site never showed is refused in French, as the answer's error and its field, with its key", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .set(messageKeysHeader, "1")
      .send({ ...contact, noticeVersion: "1999-01-01" });
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
      .send({ ...contact, idempotencyKey: "b".repeat(22) });
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
