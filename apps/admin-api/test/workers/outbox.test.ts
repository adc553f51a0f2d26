import request from "supertest";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createSmtpTransport,
  isPermanentSmtpError,
} from "../../src/adapters/mail/smtp-transport.js";
import { createServices } from "../../src/services.js";
import { systemClock, type Clock } from "../../src/ports/clock.js";
import type { Store } from "../../src/ports/store.js";
import { createOutboxWorker, maxRetryDelayMs, retryDelayMs } from "../../src/workers/outbox.js";
import { makeTestApp, testIdentity, testInbox, testToken } from "../helpers/app.js";
import { manualClock } from "../helpers/clock.js";
import { capturingLogger } from "../helpers/logger.js";
import { startSmtpServer, startSmtpServerHoldingFirst } from "../helpers/smtp.js";

const from = '"Kilima Advisory" <no-reply@firm.test>';
const contact = {
  name: "Wanjiku Kamau",
  email: "wanjiku@example.com",
  subject: "Strategy review",
  description: "Please call me back.",
};
const retryBaseMs = 30_000;
/** A tick's counts, with nothing released or lost (those have tests of their own). */
const result = (claimed: number, sent: number, retrying: number, failed: number) => ({
  claimed,
  sent,
  retrying,
  failed,
  released: 0,
  lost: 0,
});
const leaseMs = 60_000;

function makeWorker(store: Store, clock: Clock, smtpUrl: string, maxAttempts = 3) {
  const log = capturingLogger();
  const transport = createSmtpTransport({ url: smtpUrl, from, timeoutMs: 5_000 });
  const worker = createOutboxWorker({
    store,
    transport,
    clock,
    logger: log.logger,
    maxAttempts,
    retryBaseMs,
    pollIntervalMs: 1_000,
    leaseMs,
  });
  return { worker, transport, log };
}


describe("the outbox worker over SMTP", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const closers: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await t.cleanup();
  });

  /** Queues one mail through the admin endpoint; returns its id. */
  async function queueAdminMail(): Promise<string> {
    const res = await request(t.app)
      .post("/api/send-email")
      .set("Authorization", `Bearer ${testToken}`)
      .send({ to: "client@example.com", name: "Client", subject: "S", description: "D" })
      .expect(202);
    t.clock.set(new Date(Date.now() + 1_000));
    return res.body.id as string;
  }

  async function submitContact(body: Record<string, string> = contact): Promise<string> {
    const res = await request(t.app).post("/api/contacts").send(body).expect(201);
    // Stored rows carry real time; the worker's clock moves on from there by hand.
    t.clock.set(new Date(Date.now() + 1_000));
    return res.body.id as string;
  }

  it("delivers both mails of a contact and records them sent with the server's message id", async () => {
    const smtp = await startSmtpServer();
    closers.push(smtp.close);
    const { worker, transport } = makeWorker(t.store, t.clock, smtp.url);
    closers.push(() => transport.close());
    const contactId = await submitContact({
      ...contact,
      subject: "Hello\r\nBcc: victim@example.com",
    });

    expect(await worker.tick()).toEqual(result(2, 2, 0, 0));
    expect(smtp.received).toHaveLength(2);
    const ack = smtp.received.find((mail) => mail.envelope.to.includes(contact.email));
    const notification = smtp.received.find((mail) => mail.envelope.to.includes(testInbox));
    // The visitor's words go to the firm only; the acknowledgement carries the firm's own.
    expect(notification?.parsed.text).toContain("Please call me back.");
    expect(notification?.parsed.html).toContain("Please call me back.");
    expect(ack?.parsed.text).not.toContain("Please call me back.");
    expect(ack?.envelope.from).toBe("no-reply@firm.test");
    expect(notification?.parsed.replyTo?.value[0]?.address).toBe(contact.email);
    expect(notification?.parsed.text).toContain(contactId);
    for (const mail of smtp.received) {
      // The injected line never became a header or a recipient.
      expect(mail.envelope.to).not.toContain("victim@example.com");
      expect(mail.parsed.headers.has("bcc")).toBe(false);
    }
    // The subject (the firm's notification carries it) lost its line break, not its text.
    expect(notification?.parsed.subject).toContain("Hello Bcc: victim@example.com");

    const mails = await t.store.listMails({ contactId });
    expect(mails.map((mail) => mail.delivery.state)).toEqual(["SUCCESS", "SUCCESS"]);
    for (const mail of mails) {
      expect(mail.delivery.messageId).toBe(`<${mail.id}@firm.test>`);
      expect(mail.delivery.endTime?.getTime()).toBe(t.clock.now().getTime());
    }
    expect(await worker.tick()).toEqual(result(0, 0, 0, 0));
  });

  it("server down, then back: the mails wait with back-off and are delivered later, none lost", async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.close();
    const { worker, transport } = makeWorker(t.store, t.clock, `smtp://127.0.0.1:${port}`);
    closers.push(() => transport.close());
    const contactId = await submitContact();

    expect(await worker.tick()).toEqual(result(2, 0, 2, 0));
    const waiting = await t.store.listMails({ contactId });
    for (const mail of waiting) {
      expect(mail.delivery).toMatchObject({ state: "PENDING", attempts: 1 });
      expect(mail.delivery.error).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);
      expect(mail.delivery.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + retryBaseMs);
    }
    // Not due yet: nothing is tried.
    t.clock.advance(retryBaseMs - 1);
    expect((await worker.tick()).claimed).toBe(0);

    const back = await startSmtpServer({ port });
    // Closed after the transport (closers run last-in first): a server closed while the transport's
    // pool still holds its idle connection waits for the client to hang up (smtp-server's grace, 30 s).
    closers.unshift(back.close);
    t.clock.advance(1);
    expect(await worker.tick()).toEqual(result(2, 2, 0, 0));
    expect(back.received).toHaveLength(2);
    expect(
      (await t.store.listMails({ contactId })).every((mail) => mail.delivery.state === "SUCCESS"),
    ).toBe(true);
  });

  it("a permanent 5xx rejection marks the mail failed at once with the error, and the contact is kept", async () => {
    const smtp = await startSmtpServer({
      rejectRecipient: { code: 550, message: "No such user here" },
    });
    closers.push(smtp.close);
    const { worker, transport } = makeWorker(t.store, t.clock, smtp.url);
    closers.push(() => transport.close());
    const contactId = await submitContact();

    expect(await worker.tick()).toEqual(result(2, 0, 0, 2));
    for (const mail of await t.store.listMails({ contactId })) {
      expect(mail.delivery).toMatchObject({ state: "ERROR", attempts: 1 });
      expect(mail.delivery.error).toContain("550");
    }
    expect(await t.store.getContact(contactId)).toMatchObject({ ...contact, status: "new" });
    const ready = await request(t.app)
      .get("/api/ready")
      .set("Authorization", `Bearer ${testToken}`);
    expect(ready.body.outbox).toMatchObject({ pending: 0, failed: 2 });
  });

  it("a transient 4xx rejection is retried with a doubling delay, then given up after the last attempt", async () => {
    const smtp = await startSmtpServer({
      rejectRecipient: { code: 451, message: "Try again later" },
    });
    closers.push(smtp.close);
    const { worker, transport } = makeWorker(t.store, t.clock, smtp.url, 3);
    closers.push(() => transport.close());
    const resId = await queueAdminMail();

    expect((await worker.tick()).retrying).toBe(1);
    let mail = await t.store.getMail(resId);
    expect(mail?.delivery.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + retryBaseMs);

    t.clock.advance(retryBaseMs);
    expect((await worker.tick()).retrying).toBe(1);
    mail = await t.store.getMail(resId);
    expect(mail?.delivery.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + 2 * retryBaseMs);

    t.clock.advance(2 * retryBaseMs);
    expect((await worker.tick()).failed).toBe(1);
    mail = await t.store.getMail(resId);
    expect(mail?.delivery).toMatchObject({ state: "ERROR", attempts: 3 });
    expect(mail?.delivery.error).toContain("451");
  });

  it("after a restart, resumes pending mails and those a crashed worker held once their lease runs out", async () => {
    const smtp = await startSmtpServer();
    closers.push(smtp.close);
    const contactId = await submitContact();
    // The crashed process: it claimed the contact's mails and died before sending them.
    const crashedAt = t.clock.now();
    const held = await t.store.claimDueMails(
      crashedAt,
      new Date(crashedAt.getTime() + leaseMs),
      10,
    );
    expect(held).toHaveLength(2);
    // ...and one more mail was queued but never claimed.
    const pendingId = await queueAdminMail();
    await t.store.close();

    // The new process: same database file, fresh store, transport and worker.
    const store = t.reopen();
    closers.push(() => store.close());
    const clock = manualClock(new Date(Date.now() + 1_000));
    const { worker, transport } = makeWorker(store, clock, smtp.url);
    closers.push(() => transport.close());

    expect(await worker.tick()).toMatchObject({ claimed: 1, sent: 1 });
    expect((await store.getMail(pendingId))?.delivery.state).toBe("SUCCESS");

    clock.set(new Date(crashedAt.getTime() + leaseMs));
    expect(await worker.tick()).toMatchObject({ claimed: 2, sent: 2 });
    const mails = await store.listMails({ contactId });
    expect(mails.map((mail) => mail.delivery.state)).toEqual(["SUCCESS", "SUCCESS"]);
    expect(mails.map((mail) => mail.delivery.attempts)).toEqual([2, 2]);
    expect(smtp.received).toHaveLength(3);
  });

  it("gives up a mail whose every attempt was interrupted, instead of looping forever", async () => {
    const smtp = await startSmtpServer();
    closers.push(smtp.close);
    const contactId = await submitContact();
    let now = t.clock.now().getTime();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await t.store.claimDueMails(new Date(now), new Date(now + leaseMs), 10);
      now += leaseMs;
    }
    t.clock.set(new Date(now));
    const { worker, transport, log } = makeWorker(t.store, t.clock, smtp.url, 1);
    closers.push(() => transport.close());
    expect(await worker.tick()).toMatchObject({ claimed: 2, failed: 2, sent: 0 });
    expect(smtp.received).toHaveLength(0);
    expect(
      (await t.store.listMails({ contactId })).every((mail) => mail.delivery.state === "ERROR"),
    ).toBe(true);
    expect(log.text()).toContain("given up");
  });

  it("stop() waits for the send in progress, which completes and is recorded", async () => {
    let release: () => void = () => undefined;
    let arrived: () => void = () => undefined;
    const dataArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const smtp = await startSmtpServer({
      holdData: () => {
        arrived();
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    closers.push(smtp.close);
    const resId = await queueAdminMail();
    const { worker, transport } = makeWorker(t.store, t.clock, smtp.url);
    closers.push(() => transport.close());

    worker.start();
    await dataArrived;
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await t.store.getMail(resId))?.delivery.state).toBe("SUCCESS");
  });

  it("a worker whose lease was taken over records nothing over the new holder and sends no more of its batch", async () => {
    const { smtp, firstArrived, release } = await startSmtpServerHoldingFirst();
    closers.push(smtp.close);
    const first = await queueAdminMail();
    const second = await queueAdminMail();
    const { worker, transport, log } = makeWorker(t.store, t.clock, smtp.url);
    closers.push(() => transport.close());

    const ticking = worker.tick();
    await firstArrived;
    // This worker stalls past its lease with no heartbeat; another process claims both mails.
    t.clock.advance(leaseMs);
    const other = t.reopen();
    closers.push(() => other.close());
    const now = t.clock.now();
    const taken = await other.claimDueMails(now, new Date(now.getTime() + leaseMs), 10);
    expect(taken.map((mail) => mail.id).sort()).toEqual([first, second].sort());
    release();

    expect(await ticking).toEqual({ ...result(2, 0, 0, 0), lost: 2 });
    // The first was already on the wire when the lease was lost; the second was never sent by it.
    expect(smtp.received).toHaveLength(1);
    for (const mail of taken) {
      expect((await t.store.getMail(mail.id))?.delivery).toMatchObject({
        state: "PROCESSING",
        attempts: 2,
        messageId: null,
      });
      expect(await other.markMailSent(mail, t.clock.now(), null)).toBe(true);
    }
    expect(log.text()).toContain("outcome not recorded");
    expect(log.text()).toContain("lease lost before sending");
  });

  it("the heartbeat renews the lease of a mail being sent, so no other worker can claim it meanwhile", async () => {
    const { smtp, firstArrived, release } = await startSmtpServerHoldingFirst();
    closers.push(smtp.close);
    const id = await queueAdminMail();
    const { worker, transport } = makeWorker(t.store, t.clock, smtp.url);
    closers.push(() => transport.close());

    const ticking = worker.tick();
    await firstArrived;
    t.clock.advance(leaseMs - 1_000);
    await worker.heartbeat();
    expect((await t.store.getMail(id))?.delivery.leaseExpiresAt?.getTime()).toBe(
      t.clock.now().getTime() + leaseMs,
    );
    // Past the first lease, within the renewed one: nobody else can take the mail.
    t.clock.advance(leaseMs - 1_000);
    const other = t.reopen();
    closers.push(() => other.close());
    expect(await other.claimDueMails(t.clock.now(), t.clock.now(), 10)).toEqual([]);

    release();
    expect(await ticking).toEqual(result(1, 1, 0, 0));
    expect((await t.store.getMail(id))?.delivery.state).toBe("SUCCESS");
  });

  it("stop() finishes the send in flight, then releases the claimed mails it did not try: PENDING, due now, attempt not counted", async () => {
    const { smtp, firstArrived, release } = await startSmtpServerHoldingFirst();
    closers.push(smtp.close);
    const ids = [await queueAdminMail(), await queueAdminMail(), await queueAdminMail()];
    const { worker, transport, log } = makeWorker(t.store, t.clock, smtp.url);
    closers.push(() => transport.close());

    worker.start();
    await firstArrived;
    const stopping = worker.stop();
    release();
    await stopping;

    const mails = await Promise.all(ids.map((id) => t.store.getMail(id)));
    expect(mails.map((mail) => mail?.delivery.state)).toEqual(["SUCCESS", "PENDING", "PENDING"]);
    for (const mail of mails.slice(1)) {
      expect(mail?.delivery).toMatchObject({ attempts: 0, leaseExpiresAt: null });
      expect(mail?.delivery.nextAttemptAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    }
    expect(smtp.received).toHaveLength(1);
    expect(log.lines().some((line) => JSON.parse(line).released === 2)).toBe(true);
    // A restarted worker sends them at once.
    const next = makeWorker(t.store, t.clock, smtp.url);
    closers.push(() => next.transport.close());
    expect(await next.worker.tick()).toEqual(result(2, 2, 0, 0));
  });

  it("queued mail wakes the started worker at once instead of waiting for its next poll", async () => {
    const smtp = await startSmtpServer();
    closers.push(smtp.close);
    const log = capturingLogger();
    const transport = createSmtpTransport({ url: smtp.url, from, timeoutMs: 5_000 });
    closers.push(() => transport.close());
    const worker = createOutboxWorker({
      store: t.store,
      transport,
      clock: systemClock,
      logger: log.logger,
      maxAttempts: 3,
      retryBaseMs,
      // An hour: within this test only a wake can make it look again.
      pollIntervalMs: 3_600_000,
      leaseMs,
    });
    const services = createServices({
      store: t.store,
      identity: testIdentity,
      onMailQueued: () => worker.wake(),
    });
    worker.start();
    closers.push(() => worker.stop());

    for (const round of [1, 2]) {
      const outcome = await services.contacts.submit({
        ...contact,
        email: `round${round}@example.com`,
      });
      expect(outcome.kind).toBe("created");
      await vi.waitFor(() => expect(smtp.received).toHaveLength(2 * round), { timeout: 10_000 });
    }
    expect(
      await services.adminMail.queueAcknowledgement({
        to: "c@example.com",
        name: "C",
        subject: "S",
        description: "D",
      }),
    ).toMatchObject({ kind: "created" });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(5), { timeout: 10_000 });
  });
});

describe("retry policy", () => {
  it("doubles from the base delay and caps at an hour", () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(retryDelayMs(20, 30_000)).toBe(maxRetryDelayMs);
    expect(maxRetryDelayMs).toBe(3_600_000);
  });

  it("treats SMTP 5xx as permanent, 4xx, connection errors and authentication failures as transient", () => {
    const error = (props: Record<string, unknown>) => Object.assign(new Error("x"), props);
    expect(isPermanentSmtpError(error({ responseCode: 550 }))).toBe(true);
    expect(isPermanentSmtpError(error({ responseCode: 554 }))).toBe(true);
    expect(isPermanentSmtpError(error({ responseCode: 451 }))).toBe(false);
    expect(isPermanentSmtpError(error({ code: "ECONNECTION" }))).toBe(false);
    expect(isPermanentSmtpError(error({ code: "EAUTH", responseCode: 535 }))).toBe(false);
  });
});
