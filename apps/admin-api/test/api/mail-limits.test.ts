import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { createSmtpTransport } from "../../src/adapters/mail/smtp-transport.js";
import { createOutboxWorker } from "../../src/workers/outbox.js";
import { makeTestApp } from "../helpers/app.js";
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
      expect(text).not.toMatch(/[\w.-]{2,}@[a-z0-9-]{2,}\.[a-z]{2,}/i);
    } finally {
      for (const transport of transports) await transport.close();
      await accepting.close();
      await rejecting.close();
    }
  });
});
