import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { privacyNotice } from "@site/shared/content";
import { apiMessages, privacyMessages, unsubscribeMessages } from "@site/shared/messages";
import { deliverQueuedMails, makeTestApp, testToken } from "../helpers/app.js";

const version = privacyNotice.version;
const site = "https://site.firm.test";

describe("consent, the way out and a person's data", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  const subscribe = (body: Record<string, unknown>) =>
    request(t.app).post("/api/subscriptions").send(body);
  /** The token of the personal link in the subscriber's welcome mail, read from its List-Unsubscribe. */
  const unsubscribeToken = async (subscriptionId: string): Promise<string> => {
    const mails = await t.store.listMails();
    const welcome = mails.filter((m) => m.meta.subscriptionId === subscriptionId).at(-1);
    const header = welcome?.message.headers?.["List-Unsubscribe"] ?? "";
    const token = /\/api\/unsubscribe\?token=([^>]+)>/.exec(header)?.[1];
    if (!token)
      throw new Error(`no unsubscribe link in ${JSON.stringify(welcome?.message.headers)}`);
    return token;
  };

  describe("consent is recorded", () => {
    it("a JSON subscription records the form's page and notice version, at server time", async () => {
      const before = Date.now();
      const res = await subscribe({
        email: "amina@example.com",
        page: "/about",
        noticeVersion: version,
      });
      expect(res.status).toBe(201);
      const stored = await t.store.getSubscription(res.body.id);
      expect(stored?.consent).toMatchObject({ page: "/about", noticeVersion: version });
      expect(stored?.consent.at.getTime()).toBeGreaterThanOrEqual(before - 1);
    });

    it("a page that is not one of the site's routes falls back to the Referer's path", async () => {
      const res = await request(t.app)
        .post("/api/subscriptions")
        .set("Referer", "http://127.0.0.1/industries/")
        .set("Host", "127.0.0.1")
        .send({ email: "amina@example.com", page: "/admin/evil", noticeVersion: version });
      expect(res.status).toBe(201);
      expect((await t.store.getSubscription(res.body.id))?.consent.page).toBe("/industries");
    });

    it("a form posted without script records the Referer's page and the hidden field's version", async () => {
      const res = await request(t.app)
        .post("/api/contacts")
        .type("form")
        .set("Host", "127.0.0.1")
        .set("Referer", "http://127.0.0.1/contact")
        .send({
          name: "Wanjiku",
          email: "wanjiku@example.com",
          subject: "Review",
          description: "Please call.",
          noticeVersion: version,
        });
      expect(res.status).toBe(200);
      const [contactMail] = await t.store.listMails();
      const contact = await t.store.getContact(contactMail?.meta.contactId ?? "");
      expect(contact?.consent).toMatchObject({ page: "/contact", noticeVersion: version });
    });

    it("a Referer from another host is not taken as the page", async () => {
      const res = await request(t.app)
        .post("/api/subscriptions")
        .set("Host", "127.0.0.1")
        .set("Referer", "https://elsewhere.example/about")
        .send({ email: "amina@example.com", noticeVersion: version });
      expect((await t.store.getSubscription(res.body.id))?.consent.page).toBeNull();
    });

    it("a notice version the site never showed is refused with 400 and stores nothing", async () => {
      const res = await subscribe({
        email: "amina@example.com",
        page: "/",
        noticeVersion: "1999-01-01",
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(privacyMessages.unknownNoticeVersion);
      expect(await t.store.getSubscriptionByEmail("amina@example.com")).toBeNull();
      const contact = await request(t.app).post("/api/contacts").send({
        name: "W",
        email: "w@example.com",
        subject: "S",
        description: "D",
        noticeVersion: "tampered",
      });
      expect(contact.status).toBe(400);
      expect(contact.body.fieldErrors).toEqual({
        noticeVersion: privacyMessages.unknownNoticeVersion,
      });
      expect(await t.store.listMails()).toEqual([]);
    });
  });

  describe("welcome mail and unsubscribing", () => {
    it("a subscription queues one welcome mail with a personal link and the RFC 8058 headers", async () => {
      const res = await subscribe({
        email: "amina@example.com",
        page: "/",
        noticeVersion: version,
      });
      const mails = await t.store.listMails();
      expect(mails).toHaveLength(1);
      const [welcome] = mails;
      expect(welcome?.meta).toEqual({ kind: "newsletter-welcome", subscriptionId: res.body.id });
      expect(welcome?.message.to).toBe("amina@example.com");
      const token = await unsubscribeToken(res.body.id);
      const link = `${site}/api/unsubscribe?token=${token}`;
      expect(welcome?.message.headers).toEqual({
        "List-Unsubscribe": `<${link}>, <mailto:info@kilima-advisory.example?subject=unsubscribe>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      expect(welcome?.message.text).toContain(link);
      expect(welcome?.message.html).toContain(`href="${link}"`);
    });

    it("the headers reach a real SMTP server intact", async () => {
      const res = await subscribe({ email: "amina@example.com", noticeVersion: version });
      const { sent, received: delivered } = await deliverQueuedMails(t);
      expect(sent).toBe(1);
      const [received] = delivered;
      const token = await unsubscribeToken(res.body.id);
      // mailparser reads the List-* headers into one structure (RFC 2369 / RFC 8058).
      expect(received?.parsed.headers.get("list")).toEqual({
        unsubscribe: {
          url: `${site}/api/unsubscribe?token=${token}`,
          mail: "info@kilima-advisory.example?subject=unsubscribe",
        },
        "unsubscribe-post": { name: "List-Unsubscribe=One-Click" },
      });
      expect(received?.envelope.to).toEqual(["amina@example.com"]);
    });

    it("the link's page (GET) names the address and offers a button, and changes nothing", async () => {
      const res = await subscribe({ email: "amina@example.com", noticeVersion: version });
      const token = await unsubscribeToken(res.body.id);
      for (let scan = 0; scan < 3; scan += 1) {
        const page = await request(t.app).get(`/api/unsubscribe?token=${token}`);
        expect(page.status).toBe(200);
        expect(page.type).toBe("text/html");
        expect(page.text).toContain(unsubscribeMessages.confirmTitle);
        expect(page.text).toContain("amina@example.com");
        expect(page.text).toContain(
          `<form method="post" action="/api/unsubscribe?token=${token}">`,
        );
        expect(page.text).not.toMatch(/<script/i);
        expect(page.headers["content-security-policy"]).toContain("form-action 'self'");
        expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
      }
      expect((await t.store.getSubscription(res.body.id))?.status).toBe("subscribed");
      // The request log keeps the path only: the token (a key to this person's subscription) stays out.
      expect(t.log.text()).toContain("/api/unsubscribe");
      expect(t.log.text()).not.toContain(token);
    });

    it("the page's button (a same-origin form post) unsubscribes and says so", async () => {
      const res = await subscribe({ email: "amina@example.com", noticeVersion: version });
      const token = await unsubscribeToken(res.body.id);
      const done = await request(t.app)
        .post(`/api/unsubscribe?token=${token}`)
        .set("Host", "127.0.0.1")
        .set("Origin", "http://127.0.0.1")
        .set("Sec-Fetch-Site", "same-origin")
        .type("form")
        .send("");
      expect(done.status).toBe(200);
      expect(done.text).toContain(unsubscribeMessages.doneTitle);
      const stored = await t.store.getSubscription(res.body.id);
      expect(stored?.status).toBe("unsubscribed");
      expect(stored?.unsubscribedAt).toBeInstanceOf(Date);
      // Opening the link again says it is done, with no button.
      const again = await request(t.app).get(`/api/unsubscribe?token=${token}`);
      expect(again.text).toContain(unsubscribeMessages.doneTitle);
      expect(again.text).not.toContain("<form");
    });

    it("RFC 8058 one-click POST from a mail provider (no Origin) unsubscribes and answers 204, urlencoded or multipart", async () => {
      const first = await subscribe({ email: "amina@example.com", noticeVersion: version });
      const second = await subscribe({ email: "baraka@example.com", noticeVersion: version });
      const urlencoded = await request(t.app)
        .post(`/api/unsubscribe?token=${await unsubscribeToken(first.body.id)}`)
        .type("form")
        .send("List-Unsubscribe=One-Click");
      expect(urlencoded.status).toBe(204);
      const boundary = "---FormBoundaryjWmhtjORrn";
      const multipart = await request(t.app)
        .post(`/api/unsubscribe?token=${await unsubscribeToken(second.body.id)}`)
        .set("Content-Type", `multipart/form-data; boundary=${boundary}`)
        .send(
          `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
        );
      expect(multipart.status).toBe(204);
      expect((await t.store.listSubscribers()).map((s) => s.email)).toEqual([]);
    });

    it("a forged, altered or truncated token changes nothing and shows the invalid-link page", async () => {
      const res = await subscribe({ email: "amina@example.com", noticeVersion: version });
      const token = await unsubscribeToken(res.body.id);
      const [idPart, macPart = ""] = token.split(".");
      const forged = `${Buffer.from("someone-else").toString("base64url")}.${macPart}`;
      const flipped = `${idPart}.${macPart.slice(0, -1)}${macPart.endsWith("A") ? "B" : "A"}`;
      for (const bad of [forged, flipped, token.slice(0, -5), "", "x"]) {
        const page = await request(t.app).get(`/api/unsubscribe?token=${encodeURIComponent(bad)}`);
        expect(page.status).toBe(400);
        expect(page.text).toContain(unsubscribeMessages.invalidTitle);
        const post = await request(t.app)
          .post(`/api/unsubscribe?token=${encodeURIComponent(bad)}`)
          .type("form")
          .send("List-Unsubscribe=One-Click");
        expect(post.status).toBe(400);
      }
      expect((await t.store.getSubscription(res.body.id))?.status).toBe("subscribed");
    });

    it("another site's page cannot post the unsubscribe form", async () => {
      const res = await subscribe({ email: "amina@example.com", noticeVersion: version });
      const post = await request(t.app)
        .post(`/api/unsubscribe?token=${await unsubscribeToken(res.body.id)}`)
        .set("Origin", "https://evil.example")
        .type("form")
        .send("");
      expect(post.status).toBe(403);
      expect((await t.store.getSubscription(res.body.id))?.status).toBe("subscribed");
    });

    it("subscribing again after unsubscribing asks the address to confirm by mail and changes nothing until then", async () => {
      const first = await subscribe({
        email: "amina@example.com",
        page: "/",
        noticeVersion: version,
      });
      await request(t.app)
        .post(`/api/unsubscribe?token=${await unsubscribeToken(first.body.id)}`)
        .type("form")
        .send("List-Unsubscribe=One-Click");
      const again = await subscribe({
        email: "Amina@Example.com",
        page: "/services",
        noticeVersion: version,
      });
      expect(again.status).toBe(201);
      expect(again.body).toEqual({
        success: true,
        id: first.body.id,
        message: privacyMessages.confirmMailed,
      });
      // Decision 10: it stays unsubscribed, with the consent it had, until the link mailed to it is
      // confirmed (test/api/subscriptions.test.ts follows the link).
      const stored = await t.store.getSubscription(first.body.id);
      expect(stored).toMatchObject({ status: "unsubscribed", consent: { page: "/" } });
      const kinds = (await t.store.listMails()).map((m) => m.meta.kind);
      expect(kinds).toEqual(["newsletter-welcome", "newsletter-confirmation"]);
    });
  });

  describe("the firm's admin endpoints", () => {
    const admin = (path: string) =>
      request(t.app).post(path).set("Authorization", `Bearer ${testToken}`);

    /** A subscriber who also wrote, and someone else. */
    const seed = async () => {
      const sub = await subscribe({
        email: "amina@example.com",
        page: "/about",
        noticeVersion: version,
      });
      await request(t.app).post("/api/contacts").send({
        name: "Amina",
        email: "Amina@example.com",
        subject: "Strategy",
        description: "Please call me.",
        page: "/contact",
        noticeVersion: version,
      });
      await subscribe({ email: "other@example.com", noticeVersion: version });
      return sub.body.id as string;
    };

    it("refuse requests without the bearer token", async () => {
      expect(
        (await request(t.app).post("/api/admin/personal-data/export").send({ email: "a@b.co" }))
          .status,
      ).toBe(401);
      expect(
        (await request(t.app).post("/api/admin/personal-data/erase").send({ email: "a@b.co" }))
          .status,
      ).toBe(401);
      expect((await request(t.app).get("/api/admin/subscribers.csv")).status).toBe(401);
    });

    it("export returns the subscription, contacts, consents and mails of the address", async () => {
      const subscriptionId = await seed();
      const res = await admin("/api/admin/personal-data/export").send({
        email: " AMINA@example.com ",
      });
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data.email).toBe("amina@example.com");
      expect(data.subscription).toMatchObject({ id: subscriptionId, status: "subscribed" });
      expect(data.contacts).toHaveLength(1);
      expect(
        data.consents.map((c: { source: string; page: string }) => [c.source, c.page]),
      ).toEqual([
        ["subscription", "/about"],
        ["contact", "/contact"],
      ]);
      expect(data.mails.map((m: { meta: { kind: string } }) => m.meta.kind).sort()).toEqual([
        "contact-acknowledgement",
        "contact-notification",
        "newsletter-welcome",
      ]);
      expect(JSON.stringify(data)).not.toContain("other@example.com");
    });

    it("erase deletes everything about the address and keeps only when and the address's keyed hash", async () => {
      const subscriptionId = await seed();
      const res = await admin("/api/admin/personal-data/erase").send({
        email: "amina@example.com",
      });
      expect(res.status).toBe(200);
      expect(res.body.erasure).toMatchObject({
        addressHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        deleted: { subscriptions: 1, contacts: 1, comments: 0, mails: 3 },
      });
      expect(JSON.stringify(res.body)).not.toContain("amina@example.com");
      expect(await t.store.getSubscription(subscriptionId)).toBeNull();
      expect(await t.store.findPersonalData("amina@example.com")).toEqual({
        subscription: null,
        contacts: [],
        comments: [],
        mails: [],
      });
      expect(JSON.stringify(await t.store.listErasures())).not.toContain("amina");
      // The same address always hashes alike (the record proves an erasure to someone who has the address).
      const second = await admin("/api/admin/personal-data/erase").send({
        email: "Amina@example.com",
      });
      expect(second.body.erasure.addressHash).toBe(res.body.erasure.addressHash);
      expect((await t.store.listSubscribers()).map((s) => s.email)).toEqual(["other@example.com"]);
    });

    it("export and erasure find a person however the address was typed: non-ASCII capitals, decomposed accents", async () => {
      const sub = await subscribe({ email: "Élodie@Example.com", noticeVersion: version });
      expect(sub.status).toBe(201);
      const contact = await request(t.app).post("/api/contacts").send({
        name: "Élodie",
        email: "ÉLODIE@Example.com",
        subject: "Strategy",
        description: "Please call me.",
        noticeVersion: version,
      });
      expect(contact.status).toBe(201);
      await request(t.app).post("/api/contacts").send({
        name: "Elodie",
        email: "elodie@example.com",
        subject: "Another person",
        description: "Not the same address.",
        noticeVersion: version,
      });
      const exported = await admin("/api/admin/personal-data/export").send({
        email: "E\u0301LODIE@example.com",
      });
      expect(exported.status).toBe(200);
      expect(exported.body.data.email).toBe("élodie@example.com");
      expect(exported.body.data.subscription).toMatchObject({ id: sub.body.id });
      expect(exported.body.data.contacts.map((c: { id: string }) => c.id)).toEqual([
        contact.body.id,
      ]);
      // The welcome, the acknowledgement and the firm's notification (replying to the address).
      expect(exported.body.data.mails).toHaveLength(3);

      const erased = await admin("/api/admin/personal-data/erase").send({
        email: "élodie@example.com",
      });
      expect(erased.body.erasure.deleted).toEqual({
        subscriptions: 1,
        contacts: 1,
        comments: 0,
        mails: 3,
      });
      expect(await t.store.getContact(contact.body.id)).toBeNull();
      expect(await t.store.findPersonalData("ÉLODIE@Example.com")).toEqual({
        subscription: null,
        contacts: [],
        comments: [],
        mails: [],
      });
      // The other person, whose address has no accent, is left alone.
      expect((await t.store.findPersonalData("elodie@example.com")).contacts).toHaveLength(1);
    });

    it("an address stored before the forms' pattern was narrowed can still be exported and erased", async () => {
      await t.store.addSubscription({ email: "o'neil,jr@example.com" });
      const exported = await admin("/api/admin/personal-data/export").send({
        email: "O'Neil,Jr@example.com",
      });
      expect(exported.status).toBe(200);
      expect(exported.body.data.subscription).toMatchObject({ email: "o'neil,jr@example.com" });
      const erased = await admin("/api/admin/personal-data/erase").send({
        email: "o'neil,jr@example.com",
      });
      expect(erased.body.erasure.deleted.subscriptions).toBe(1);
      expect(await t.store.listSubscribers()).toEqual([]);
    });

    it("an unusable address answers 400", async () => {
      const res = await admin("/api/admin/personal-data/export").send({ email: "not an address" });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(apiMessages.invalidRequest);
    });

    it("subscribers export as CSV email,name,attributes: only the subscribed, properly quoted", async () => {
      const gone = await subscribe({ email: "gone@example.com", noticeVersion: version });
      await subscribe({ email: "amina@example.com", page: "/about", noticeVersion: version });
      await subscribe({ email: "o'neil.jr@example.com", noticeVersion: version });
      await t.store.unsubscribe(gone.body.id);
      const res = await request(t.app)
        .get("/api/admin/subscribers.csv")
        .set("Authorization", `Bearer ${testToken}`);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      const lines = res.text.split("\r\n");
      expect(lines[0]).toBe("email,name,attributes");
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(
        new RegExp(
          `^amina@example\\.com,,"\\{""subscribedAt"":""[^"]+"",""consentPage"":""/about"",""noticeVersion"":""${version}""\\}"$`,
        ),
      );
      expect(lines[2]).toMatch(/^o'neil\.jr@example\.com,,"\{/);
      expect(lines[3]).toBe("");
      expect(res.text).not.toContain("gone@example.com");
    });

    it("subscribers stored before the forms refused formula characters are written as text, quoted where needed", async () => {
      const stored = [
        "=hyperlink(1)@example.com",
        "+1@example.com",
        "-2@example.com",
        "@sum(a1)@example.com",
        '=cmd|"/c calc",x@example.com',
      ];
      for (const email of stored) await t.store.addSubscription({ email });
      const res = await request(t.app)
        .get("/api/admin/subscribers.csv")
        .set("Authorization", `Bearer ${testToken}`);
      const cells = res.text
        .split("\r\n")
        .slice(1, -1)
        .map((line) => line.slice(0, line.lastIndexOf(',,"{')));
      expect(cells).toEqual([
        "'=hyperlink(1)@example.com",
        "'+1@example.com",
        "'-2@example.com",
        "'@sum(a1)@example.com",
        `"'=cmd|""/c calc"",x@example.com"`,
      ]);
    });
  });
});
