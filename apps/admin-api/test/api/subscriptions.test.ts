import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { privacyNotice } from "@site/shared/content";
import { translations } from "@site/shared/i18n/translations";
import {
  apiMessages,
  newsletterMessages,
  privacyMessages,
  unsubscribeMessages,
  validationMessages,
} from "@site/shared/messages";
import { createModerationLinks } from "../../src/comments/moderation-links.js";
import { defaultMailLimits } from "../../src/mail/limits.js";
import { resubscribeLinkLifetimeMs } from "../../src/newsletter/resubscribe-links.js";
import { makeTestApp, testSecret, testToken } from "../helpers/app.js";

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

/**
 * Decision 10: a stranger's subscription of an address that had unsubscribed does not subscribe it; the
 * address comes back only through the link mailed to it (a GET shows, a POST confirms).
 */
describe("an address that had unsubscribed comes back only through the link mailed to it", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeEach(async () => {
    t = await makeTestApp({ mailLimits: { ...defaultMailLimits, perRecipientDaily: 3 } });
  });
  afterEach(async () => {
    await t.cleanup();
  });

  const version = privacyNotice.version;
  const subscribe = (body: Record<string, unknown>, key?: string) => {
    const req = request(t.app).post("/api/subscriptions");
    if (key) req.set("Idempotency-Key", key);
    return req.send({ noticeVersion: version, ...body });
  };
  const unsubscribeLinkOf = async (subscriptionId: string) => {
    const welcome = (await t.store.listMails()).find(
      (m) => m.meta.kind === "newsletter-welcome" && m.meta.subscriptionId === subscriptionId,
    );
    const path = /\/api\/unsubscribe\?token=[\w.-]+/.exec(welcome?.message.text ?? "")?.[0];
    if (!path) throw new Error("no unsubscribe link in the welcome mail");
    return path;
  };
  /** Subscribes the address, then unsubscribes it by RFC 8058's one-click POST; its subscription id. */
  const subscribedThenLeft = async (email = "amina@example.com") => {
    const first = await subscribe({ email, page: "/" });
    expect(first.status).toBe(201);
    const left = await request(t.app)
      .post(await unsubscribeLinkOf(first.body.id))
      .type("form")
      .send("List-Unsubscribe=One-Click");
    expect(left.status).toBe(204);
    return first.body.id as string;
  };
  const confirmations = async () =>
    (await t.store.listMails()).filter((m) => m.meta.kind === "newsletter-confirmation");
  /** The path and query of the newest confirmation link mailed. */
  const confirmLink = async () => {
    const mail = (await confirmations()).at(-1);
    const path = /\/api\/subscriptions\/confirm\?token=[\w.-]+/.exec(mail?.message.text ?? "")?.[0];
    if (!path) throw new Error(`no confirmation link in ${mail?.message.text}`);
    expect(mail?.message.html).toContain(`href="https://site.firm.test${path}"`);
    return path;
  };
  /** The link's button, as the browser posts it: a same-origin empty form. */
  const press = (path: string) =>
    request(t.app)
      .post(path)
      .set("Host", "127.0.0.1")
      .set("Origin", "http://127.0.0.1")
      .type("form")
      .send("");
  const csv = async () =>
    (
      await request(t.app)
        .get("/api/admin/subscribers.csv")
        .set("Authorization", `Bearer ${testToken}`)
    ).text;

  it("a stranger's subscription after an unsubscribe leaves it unsubscribed and out of the CSV, and mails one confirmation link in the form's language", async () => {
    const id = await subscribedThenLeft();
    const before = await t.store.getSubscription(id);

    const res = await subscribe({ email: "Amina@Example.com", page: "/fr/services", locale: "fr" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      id,
      message: translations("fr").messages.privacyMessages.confirmMailed,
    });
    // Nothing of the subscription changed: status, when it left, its consent, its language.
    expect(await t.store.getSubscription(id)).toEqual(before);
    expect((await t.store.listSubscribers()).map((s) => s.email)).toEqual([]);
    expect(await csv()).not.toContain("amina@example.com");

    const [mail, ...more] = await confirmations();
    expect(more).toEqual([]);
    expect(mail?.meta).toEqual({ kind: "newsletter-confirmation", subscriptionId: id });
    expect(mail?.message.to).toBe("amina@example.com");
    const fr = translations("fr").messages.mailMessages.resubscribe;
    expect(mail?.message.subject).toBe(fr.subject);
    expect(mail?.message.headers).toEqual({ "Content-Language": "fr" });
    expect(mail?.message.html).toContain('<html lang="fr">');
    expect(mail?.message.text).toContain(fr.notYou);
    // The link names the subscription by its signed token only: never the address.
    const link = await confirmLink();
    expect(decodeURIComponent(link)).not.toContain("amina");
    // Not a newsletter mail: the address is not subscribed, so there is nothing to unsubscribe from.
    expect(mail?.message.headers?.["List-Unsubscribe"]).toBeUndefined();
  });

  it("a repeat with the same idempotency key gets the same answer and queues no second mail", async () => {
    const id = await subscribedThenLeft();
    const key = "k".repeat(22);
    const first = await subscribe({ email: "amina@example.com" }, key);
    const again = await subscribe({ email: "amina@example.com" }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(first.body).toEqual({ success: true, id, message: privacyMessages.confirmMailed });
    expect(await confirmations()).toHaveLength(1);
  });

  it("the per-recipient cap applies to the confirmation mail; the answer does not say it was left out", async () => {
    // Three a day to one address: the welcome, then two confirmations; the fourth mail is left out.
    await subscribedThenLeft();
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await subscribe({ email: "amina@example.com" }));
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((res) => JSON.stringify(res.body))).size).toBe(1);
    expect(await confirmations()).toHaveLength(2);
    expect(t.log.text()).toContain("automatic mail skipped");
    expect(t.log.text()).not.toContain("amina@example.com");
  });

  it("a form posted without script reads the check-your-inbox page", async () => {
    await subscribedThenLeft();
    const page = await request(t.app)
      .post("/api/subscriptions")
      .type("form")
      .send({ email: "amina@example.com", noticeVersion: version });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<h1>${privacyMessages.confirmMailed}</h1>`);
    expect(await confirmations()).toHaveLength(1);
  });

  it("the link's page (GET) names the address and shows a button, and changes nothing", async () => {
    const id = await subscribedThenLeft();
    await subscribe({ email: "amina@example.com", locale: "sw", page: "/sw" });
    const link = await confirmLink();
    const before = await t.store.getSubscription(id);
    const sw = translations("sw").messages.unsubscribeMessages.resubscribe;
    for (let scan = 0; scan < 3; scan += 1) {
      const page = await request(t.app).get(link);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<html lang="sw">');
      expect(page.text).toContain(`<h1>${sw.confirmTitle}</h1>`);
      expect(page.text).toContain("amina@example.com");
      expect(page.text).toContain(`<form method="post" action="${link}">`);
      expect(page.text).toContain(`<button type="submit">${sw.confirmButton}</button>`);
      expect(page.text).not.toMatch(/<script/i);
      expect(page.headers["content-security-policy"]).toContain("form-action 'self'");
    }
    expect(await t.store.getSubscription(id)).toEqual(before);
    expect(await t.store.listMails()).toHaveLength(2);
    // The request log keeps the path only: the token stays out.
    expect(t.log.text()).not.toContain(link.split("token=")[1]);
  });

  it("the page's button subscribes the address again with the consent of the form that asked, and mails a welcome back", async () => {
    const id = await subscribedThenLeft();
    await subscribe({ email: "amina@example.com", page: "/fr/services", locale: "fr" });
    const link = await confirmLink();
    const pressedAt = Date.now();
    const done = await press(link);
    expect(done.status).toBe(200);
    expect(done.text).toContain('<html lang="fr">');
    expect(done.text).toContain(
      translations("fr").messages.unsubscribeMessages.resubscribe.doneTitle,
    );
    const stored = await t.store.getSubscription(id);
    expect(stored).toMatchObject({
      status: "subscribed",
      unsubscribedAt: null,
      locale: "fr",
      consent: { page: "/fr/services", noticeVersion: version },
    });
    // The consent is the confirmation's, at store time.
    expect(stored?.consent.at.getTime()).toBeGreaterThanOrEqual(pressedAt - 1);
    expect(await csv()).toContain("amina@example.com");
    const welcomes = (await t.store.listMails()).filter(
      (m) => m.meta.kind === "newsletter-welcome",
    );
    expect(welcomes).toHaveLength(2);
    expect(welcomes[1]?.message.subject).toBe(
      translations("fr").messages.mailMessages.welcome.subjectReturning,
    );
    expect(welcomes[1]?.message.headers?.["List-Unsubscribe"]).toContain("/api/unsubscribe?token=");
    // Subscribed again: the next subscription is the usual duplicate.
    expect((await subscribe({ email: "amina@example.com" })).status).toBe(409);
  });

  it("a link used once decides nothing more: 410, on its page and its button", async () => {
    const id = await subscribedThenLeft();
    await subscribe({ email: "amina@example.com" });
    const link = await confirmLink();
    expect((await press(link)).status).toBe(200);
    const mailsAfter = (await t.store.listMails()).length;
    for (const res of [await request(t.app).get(link), await press(link)]) {
      expect(res.status).toBe(410);
      expect(res.text).toContain(unsubscribeMessages.resubscribe.goneTitle);
      expect(res.text).not.toContain("<form");
      expect(res.text).not.toContain("amina@example.com");
    }
    expect((await t.store.getSubscription(id))?.status).toBe("subscribed");
    expect(await t.store.listMails()).toHaveLength(mailsAfter);
  });

  it("a link sent before the address left again decides nothing (410), even never used", async () => {
    const id = await subscribedThenLeft();
    await subscribe({ email: "amina@example.com" });
    const older = await confirmLink();
    await subscribe({ email: "amina@example.com" });
    const newer = await confirmLink();
    const departure = (await t.store.getSubscription(id))?.unsubscribedAt?.getTime() ?? 0;
    expect((await press(newer)).status).toBe(200);
    // Left again, at a later millisecond than the departure both links were made for (the store stamps
    // it with the real time; this waits out at most the rest of that one millisecond, never sleeps).
    while (Date.now() <= departure) {
      // spin
    }
    expect(await t.store.unsubscribe(id)).toBe("unsubscribed");
    for (const res of [await request(t.app).get(older), await press(older)]) {
      expect(res.status).toBe(410);
      expect(res.text).toContain(unsubscribeMessages.resubscribe.goneTitle);
    }
    expect((await t.store.getSubscription(id))?.status).toBe("unsubscribed");
  });

  it("an expired link decides nothing: 410 in its own language, and the address stays unsubscribed", async () => {
    const id = await subscribedThenLeft();
    await subscribe({ email: "amina@example.com", locale: "fr" });
    const link = await confirmLink();
    t.clock.advance(resubscribeLinkLifetimeMs);
    for (const res of [await request(t.app).get(link), await press(link)]) {
      expect(res.status).toBe(410);
      expect(res.text).toContain('<html lang="fr">');
      expect(res.text).toContain(
        translations("fr").messages.unsubscribeMessages.resubscribe.goneTitle,
      );
    }
    expect((await t.store.getSubscription(id))?.status).toBe("unsubscribed");
  });

  it("a forged, altered or other link's token is refused with 403 and changes nothing", async () => {
    const id = await subscribedThenLeft();
    await subscribe({ email: "amina@example.com" });
    const token = (await confirmLink()).split("token=")[1] ?? "";
    const [payload = "", mac = ""] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    const later = Buffer.from(JSON.stringify({ ...claims, e: Number(claims["e"]) + 1e9 })).toString(
      "base64url",
    );
    const unsubscribeToken = (await unsubscribeLinkOf(id)).split("token=")[1] ?? "";
    // Made with the same secret for another use: an unsubscribe link, and a moderation link's shape.
    const otherPurposes = [
      unsubscribeToken,
      createModerationLinks({
        secret: testSecret,
        siteUrl: "https://x.test",
        clock: t.clock,
      }).token(id, "approved"),
    ];
    const flipped = `${payload}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    for (const bad of [`${later}.${mac}`, flipped, token.slice(0, -3), "", "x", ...otherPurposes]) {
      const path = `/api/subscriptions/confirm?token=${encodeURIComponent(bad)}`;
      for (const res of [await request(t.app).get(path), await press(path)]) {
        expect(res.status).toBe(403);
        expect(res.text).toContain(unsubscribeMessages.resubscribe.invalidTitle);
      }
    }
    expect((await t.store.getSubscription(id))?.status).toBe("unsubscribed");
  });

  it("another site's page cannot post the confirmation", async () => {
    const id = await subscribedThenLeft();
    await subscribe({ email: "amina@example.com" });
    const res = await request(t.app)
      .post(await confirmLink())
      .set("Origin", "https://evil.example")
      .type("form")
      .send("");
    expect(res.status).toBe(403);
    expect((await t.store.getSubscription(id))?.status).toBe("unsubscribed");
  });

  it("a new address still subscribes at once with its welcome mail and no confirmation", async () => {
    const res = await subscribe({ email: "baraka@example.com" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, id: expect.any(String) });
    expect((await t.store.getSubscription(res.body.id))?.status).toBe("subscribed");
    expect((await t.store.listMails()).map((m) => m.meta.kind)).toEqual(["newsletter-welcome"]);
  });
});
