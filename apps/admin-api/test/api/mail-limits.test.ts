import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { escapeHtml } from "@site/shared/html";
import { contactMessages } from "@site/shared/messages";
import { createSmtpTransport } from "../../src/adapters/mail/smtp-transport.js";
import { createApp } from "../../src/app.js";
import { createAutomaticMailLimiter } from "../../src/mail/limits.js";
import { createServices } from "../../src/services.js";
import type { Store } from "../../src/ports/store.js";
import { createOutboxWorker } from "../../src/workers/outbox.js";
import { makeTestApp, testDataKey, testIdentity, testInbox, testSecret } from "../helpers/app.js";
import { startSmtpServer } from "../helpers/smtp.js";

const day = 24 * 60 * 60 * 1000;
const contact = (email: string) => ({
  name: "Amina Wanjiru",
  email,
  subject: "Strategy review",
  description: "Please call me.",
});

describe("automatic mail limits over HTTP", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  afterEach(async () => {
    await t.cleanup();
  });

  const kinds = async () => {
    const mails = await t.store.listMails();
    return {
      acknowledgements: mails.filter((m) => m.meta.kind === "contact-acknowledgement").length,
      notifications: mails.filter((m) => m.meta.kind === "contact-notification").length,
    };
  };

  it("a fourth contact from one address in a day is stored and notified, but not acknowledged, and the log says so (masked)", async () => {
    t = await makeTestApp();
    const ids: string[] = [];
    for (const email of [
      "amina@example.com",
      "Amina@Example.com",
      " amina@example.com",
      "AMINA@example.com",
    ]) {
      const res = await request(t.app).post("/api/contacts").send(contact(email));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    for (const id of ids) expect(await t.store.getContact(id)).not.toBeNull();
    expect(await kinds()).toEqual({ acknowledgements: 3, notifications: 4 });
    const skipped = t.log.lines().filter((line) => line.includes("automatic mail skipped"));
    expect(skipped).toHaveLength(1);
    expect(JSON.parse(skipped[0] ?? "{}")).toMatchObject({
      level: 40,
      contactId: ids[3],
      kind: "contact-acknowledgement",
      to: "A***@e***.com",
      reason: "recipient-limit",
    });
    expect(t.log.text().toLowerCase()).not.toContain("amina@example.com");
  });

  it("ten simultaneous contacts from one address give exactly three acknowledgements and ten notifications", async () => {
    t = await makeTestApp();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(t.app).post("/api/contacts").send(contact("burst@example.com")),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(10).fill(201));
    expect(await kinds()).toEqual({ acknowledgements: 3, notifications: 10 });
  });

  it("the address gets acknowledgements again 24 hours after its first", async () => {
    t = await makeTestApp();
    for (let i = 0; i < 4; i += 1)
      await request(t.app).post("/api/contacts").send(contact("amina@example.com"));
    t.clock.advance(day + 1);
    await request(t.app).post("/api/contacts").send(contact("amina@example.com")).expect(201);
    expect(await kinds()).toEqual({ acknowledgements: 4, notifications: 5 });
  });

  it("past the daily cap no visitor is acknowledged, every contact is still stored and notified", async () => {
    t = await makeTestApp({ mailLimits: { perRecipientDaily: 3, automaticDailyCap: 2 } });
    for (const email of ["a@example.com", "b@example.com", "c@example.com", "d@example.com"])
      await request(t.app).post("/api/contacts").send(contact(email)).expect(201);
    expect(await kinds()).toEqual({ acknowledgements: 2, notifications: 4 });
    const reasons = t.log
      .lines()
      .filter((line) => line.includes("automatic mail skipped"))
      .map((line) => JSON.parse(line) as { reason: string; to: string });
    expect(reasons).toEqual([
      expect.objectContaining({ reason: "daily-cap", to: "c***@e***.com" }),
      expect.objectContaining({ reason: "daily-cap", to: "d***@e***.com" }),
    ]);
  });

  it("sub-address tags and capitals are one mailbox: name+1@, Name+2@... share its three acknowledgements", async () => {
    t = await makeTestApp();
    const spellings = [
      "amina+1@example.com",
      "Amina+2@Example.com",
      "amina+news@example.com",
      "AMINA@example.com",
      "amina+5@EXAMPLE.com",
    ];
    for (const email of spellings)
      await request(t.app).post("/api/contacts").send(contact(email)).expect(201);
    expect(await kinds()).toEqual({ acknowledgements: 3, notifications: 5 });
    const reasons = t.log
      .lines()
      .filter((line) => line.includes("automatic mail skipped"))
      .map((line) => (JSON.parse(line) as { reason: string }).reason);
    expect(reasons).toEqual(["recipient-limit", "recipient-limit"]);
    // Another mailbox at the same domain still gets its own.
    await request(t.app).post("/api/contacts").send(contact("baraka+1@example.com")).expect(201);
    expect((await kinds()).acknowledgements).toBe(4);
  });

  it("past the daily cap the firm is told once, in English, to its inbox; visitors still read that their message arrived; a restart or a second instance does not tell it again", async () => {
    const limits = { perRecipientDaily: 3, automaticDailyCap: 2 };
    t = await makeTestApp({ mailLimits: limits });
    const notices = async (store: Store = t.store) =>
      (await store.listMails()).filter((m) => m.meta.kind === "daily-cap-notification");
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      const res = await request(t.app).post("/api/contacts").send(contact(email));
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true, id: expect.any(String) });
    }
    // Without script: the result page says the message arrived.
    const page = await request(t.app)
      .post("/api/contacts")
      .type("form")
      .set("Host", "127.0.0.1")
      .set("Referer", "http://127.0.0.1/contact")
      .send(contact("d@example.com"));
    expect(page.status).toBe(200);
    expect(page.text).toContain(escapeHtml(contactMessages.success));
    const subscribed = await request(t.app)
      .post("/api/subscriptions")
      .send({ email: "e@example.com" });
    expect(subscribed.status).toBe(201);
    expect(await kinds()).toEqual({ acknowledgements: 2, notifications: 4 });

    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice?.message.to).toBe(testInbox);
    expect(notice?.message.subject).toMatch(
      /^Daily cap on automatic mail reached \(\d{4}-\d{2}-\d{2}\)$/,
    );
    expect(notice?.message.text).toContain("MAIL_AUTOMATIC_DAILY_CAP, 2 a UTC day");
    expect(notice?.message.html).toContain('<html lang="en">');
    // No visitor's address in it.
    expect(`${notice?.message.text}${notice?.message.html}`).not.toMatch(/[a-e]@example\.com/);

    // Another process on the same file (a restart, or a second instance beside this one).
    const store = t.reopen();
    try {
      const app = createApp({
        ...t.deps,
        store,
        services: createServices({
          store,
          identity: testIdentity,
          limiter: createAutomaticMailLimiter({
            dataKey: testDataKey,
            limits,
            inbox: testInbox,
            clock: t.clock,
            logger: t.log.logger,
          }),
          secret: testSecret,
          clock: t.clock,
        }),
      });
      await request(app).post("/api/contacts").send(contact("f@example.com")).expect(201);
      expect(await notices(store)).toHaveLength(1);
    } finally {
      await store.close();
    }
    await request(t.app).post("/api/contacts").send(contact("g@example.com")).expect(201);
    expect(await notices()).toHaveLength(1);
  });

  it("the firm's notice reaches a real SMTP server, never itself limited", async () => {
    t = await makeTestApp({ mailLimits: { perRecipientDaily: 1, automaticDailyCap: 1 } });
    for (const email of ["a@example.com", "b@example.com"])
      await request(t.app).post("/api/contacts").send(contact(email)).expect(201);
    const smtp = await startSmtpServer();
    const transport = createSmtpTransport({ url: smtp.url, from: "no-reply@firm.test" });
    try {
      const worker = createOutboxWorker({
        store: t.store,
        transport,
        clock: t.clock,
        logger: t.log.logger,
        maxAttempts: 3,
        retryBaseMs: 1_000,
        pollIntervalMs: 1_000,
      });
      // Every mail is due by the time the last was queued (the store stamps rows with real time).
      const queued = await t.store.listMails();
      t.clock.set(queued.at(-1)?.delivery.nextAttemptAt ?? new Date());
      expect((await worker.tick()).sent).toBe(4);
      const received = smtp.received.map((mail) => [mail.envelope.to[0], mail.parsed.subject]);
      // The acknowledgement to a@, the firm's two notifications and its notice.
      expect(received.filter(([to]) => to === testInbox)).toHaveLength(3);
      expect(received).toContainEqual([
        testInbox,
        expect.stringMatching(/^Daily cap on automatic mail reached/),
      ]);
    } finally {
      await transport.close();
      await smtp.close();
    }
  });
});

describe("no email address in the logs", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  afterEach(async () => {
    await t.cleanup();
  });

  it("a submission, its delivery, a refused recipient and a limit skip log masked addresses only", async () => {
    t = await makeTestApp({ mailLimits: { perRecipientDaily: 1, automaticDailyCap: 200 } });
    const visitor = "wanjiku.kamau@example.com";
    const refused = "nobody.here@example.org";
    const accepting = await startSmtpServer();
    const rejecting = await startSmtpServer({
      rejectRecipient: { code: 550, message: `5.1.1 <${refused}>: Recipient address rejected` },
    });
    // The app's own logger, as main.ts hands a child of it to the worker.
    const transports: ReturnType<typeof createSmtpTransport>[] = [];
    const worker = (url: string) => {
      const transport = createSmtpTransport({ url, from: "no-reply@firm.test", timeoutMs: 5_000 });
      transports.push(transport);
      return createOutboxWorker({
        store: t.store,
        transport,
        clock: t.clock,
        logger: t.log.logger.child({ component: "outbox" }),
        maxAttempts: 3,
        retryBaseMs: 1_000,
        pollIntervalMs: 1_000,
        leaseMs: 60_000,
      });
    };
    try {
      await request(t.app).post("/api/contacts").send(contact(visitor)).expect(201);
      // The store stamps rows with real time; the test clock (which started earlier) catches up.
      t.clock.set(new Date());
      expect((await worker(accepting.url).tick()).sent).toBe(2);
      expect(accepting.received.map((mail) => mail.envelope.to[0])).toContain(visitor);

      await request(t.app).post("/api/contacts").send(contact(refused)).expect(201);
      t.clock.set(new Date());
      expect((await worker(rejecting.url).tick()).failed).toBe(2);

      // Over the per-address limit: skipped, and logged.
      await request(t.app).post("/api/contacts").send(contact(visitor)).expect(201);

      const text = t.log.text();
      for (const message of ["mail sent", "mail failed for good", "automatic mail skipped"])
        expect(text).toContain(message);
      // The SMTP server's reply quoted the address: it reached the log masked.
      expect(text).toContain("n***@e***.org");
      expect(text).toContain("w***@e***.com");
      for (const address of [visitor, refused, "inbox@firm.test", "no-reply@firm.test"])
        expect(text).not.toContain(address);
      // Two characters of a local part, an at sign and two of a domain: every unmasked address has them.
      expect(text).not.toMatch(/[\w.-]{2}@[a-z0-9-]{2}/i);
    } finally {
      for (const transport of transports) await transport.close();
      await accepting.close();
      await rejecting.close();
    }
  });
});
