import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRetentionJob } from "../../src/workers/retention.js";
import { makeTestApp } from "../helpers/app.js";

const day = 24 * 60 * 60 * 1000;

describe("mail body retention (MAIL_BODY_RETENTION_DAYS)", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  /** Queues a mail and marks it sent at the clock's time. */
  const sentMail = async (to: string): Promise<string> => {
    const { id } = await t.store.queueMail({
      message: { to, subject: "Hello", text: "Dear reader", html: "<p>Dear reader</p>" },
      meta: { kind: "admin" },
    });
    const now = t.clock.now();
    const [claim] = await t.store.claimDueMails(now, new Date(now.getTime() + 60_000), 1);
    if (!claim) throw new Error("nothing to claim");
    await t.store.markMailSent(claim, now, null);
    return id;
  };

  it("empties a sent mail's text and HTML once it is older than the retention, not before, and only once", async () => {
    const job = createRetentionJob({
      store: t.store,
      clock: t.clock,
      logger: t.log.logger,
      mailBodyRetentionDays: 90,
    });
    t.clock.advance(1_000);
    const old = await sentMail("old@example.com");
    t.clock.advance(30 * day);
    const recent = await sentMail("recent@example.com");

    t.clock.advance(60 * day - 1_000);
    expect(await job.run()).toBe(0);
    t.clock.advance(2_000);
    expect(await job.run()).toBe(1);
    expect((await t.store.getMail(old))?.message).toMatchObject({
      to: "old@example.com",
      subject: "Hello",
      text: "",
      html: "",
    });
    expect((await t.store.getMail(recent))?.message.text).toBe("Dear reader");
    expect(await job.run()).toBe(0);
    expect(t.log.text()).toContain("mail bodies past retention emptied");

    t.clock.advance(30 * day);
    expect(await job.run()).toBe(1);
    expect((await t.store.getMail(recent))?.message.html).toBe("");
  });

  it("start runs a pass at once and stop waits for it", async () => {
    t.clock.advance(1_000);
    const id = await sentMail("a@example.com");
    t.clock.advance(91 * day);
    const job = createRetentionJob({
      store: t.store,
      clock: t.clock,
      logger: t.log.logger,
      mailBodyRetentionDays: 90,
    });
    job.start();
    await job.stop();
    expect((await t.store.getMail(id))?.message.text).toBe("");
  });
});
