import { beforeEach, describe, expect, it } from "vitest";
import type { ClaimedMail, MailClaim, MailRecord, Store } from "../../src/ports/store.js";
import { contact, contactMails, mail } from "./contract-fixtures.js";

/** The mail capability's store contract: the outbox and its fenced claims. Called from describeStoreContract. */
export function describeMailContract(
  current: () => Store,
  /** A second store on the same data over a connection of its own (a second process, say). */
  sibling: () => Promise<Store>,
): void {
  let store: Store;
  beforeEach(() => {
    store = current();
  });
  const at = (base: Date, deltaMs: number) => new Date(base.getTime() + deltaMs);
  /** The claim of a mail claimDueMails returned (failing the test if there was none). */
  const claimOf = (claimed: ClaimedMail | undefined): MailClaim => {
    if (!claimed) throw new Error("expected a claimed mail");
    return { id: claimed.id, claimToken: claimed.claimToken };
  };
  const queueOne = async (): Promise<MailRecord> => {
    const { id } = await store.queueMail(mail());
    const record = await store.getMail(id);
    if (!record) throw new Error("queued mail not found");
    return record;
  };

  describe("outbox", () => {
    it("queues a single mail PENDING without a contact", async () => {
      const record = await queueOne();
      expect(record.meta).toEqual({ kind: "admin" });
      expect(record.message.replyTo).toBeUndefined();
      expect(record.delivery.state).toBe("PENDING");
      expect(await store.getMail("00000000-0000-4000-8000-000000000000")).toBeNull();
    });

    it("claims due mails once: PROCESSING with a lease, attempts counted, not claimable again while leased", async () => {
      const record = await queueOne();
      const now = at(record.createdAt, 1_000);
      const leaseUntil = at(now, 60_000);
      const claimed = await store.claimDueMails(now, leaseUntil, 10);
      expect(claimed.map((m) => m.id)).toEqual([record.id]);
      expect(claimed[0]?.delivery).toMatchObject({ state: "PROCESSING", attempts: 1 });
      expect(claimed[0]?.delivery.leaseExpiresAt?.getTime()).toBe(leaseUntil.getTime());
      expect(claimed[0]?.delivery.startTime?.getTime()).toBe(now.getTime());
      expect((await store.getMail(record.id))?.delivery.state).toBe("PROCESSING");

      expect(await store.claimDueMails(at(now, 59_000), at(now, 120_000), 10)).toEqual([]);
    });

    it("a mail whose lease ran out (a crashed worker) is claimed again", async () => {
      const record = await queueOne();
      const now = at(record.createdAt, 1_000);
      await store.claimDueMails(now, at(now, 60_000), 10);
      const again = await store.claimDueMails(at(now, 60_000), at(now, 120_000), 10);
      expect(again.map((m) => m.id)).toEqual([record.id]);
      expect(again[0]?.delivery.attempts).toBe(2);
    });

    it("respects the limit and claims oldest first", async () => {
      const first = await queueOne();
      const second = await queueOne();
      const third = await queueOne();
      const now = at(third.createdAt, 1_000);
      const claimed = await store.claimDueMails(now, at(now, 60_000), 2);
      expect(claimed).toHaveLength(2);
      const rest = await store.claimDueMails(now, at(now, 60_000), 10);
      expect(rest).toHaveLength(1);
      expect([...claimed, ...rest].map((m) => m.id).sort()).toEqual(
        [first.id, second.id, third.id].sort(),
      );
      const newestClaimed = Math.max(...claimed.map((m) => m.createdAt.getTime()));
      expect(newestClaimed).toBeLessThanOrEqual(rest[0]?.createdAt.getTime() ?? 0);
    });

    it("a mail not yet due is not claimed", async () => {
      const record = await queueOne();
      expect(
        await store.claimDueMails(at(record.createdAt, -60_000), at(record.createdAt, 0), 10),
      ).toEqual([]);
    });

    it("marking sent records SUCCESS, the message id and the end time; it is never claimed again", async () => {
      const record = await queueOne();
      const now = at(record.createdAt, 1_000);
      const [claim] = await store.claimDueMails(now, at(now, 60_000), 10);
      expect(await store.markMailSent(claimOf(claim), at(now, 500), "<abc@smtp.example>")).toBe(
        true,
      );
      const sent = await store.getMail(record.id);
      expect(sent?.delivery).toMatchObject({
        state: "SUCCESS",
        attempts: 1,
        leaseExpiresAt: null,
        error: null,
        messageId: "<abc@smtp.example>",
      });
      expect(sent?.delivery.endTime?.getTime()).toBe(at(now, 500).getTime());
      expect(await store.claimDueMails(at(now, 3_600_000), at(now, 3_700_000), 10)).toEqual([]);
      expect(await store.listMails({ state: "SUCCESS" })).toHaveLength(1);
    });

    it("a transient failure puts the mail back PENDING with the error, due at nextAttemptAt", async () => {
      const record = await queueOne();
      const now = at(record.createdAt, 1_000);
      const [claim] = await store.claimDueMails(now, at(now, 60_000), 10);
      const nextAttemptAt = at(now, 30_000);
      await store.markMailFailed(claimOf(claim), at(now, 100), "421 try later", {
        final: false,
        nextAttemptAt,
      });
      const failed = await store.getMail(record.id);
      expect(failed?.delivery).toMatchObject({
        state: "PENDING",
        attempts: 1,
        error: "421 try later",
        leaseExpiresAt: null,
      });
      expect(failed?.delivery.nextAttemptAt.getTime()).toBe(nextAttemptAt.getTime());

      expect(await store.claimDueMails(at(now, 29_000), at(now, 90_000), 10)).toEqual([]);
      const retried = await store.claimDueMails(nextAttemptAt, at(nextAttemptAt, 60_000), 10);
      expect(retried.map((m) => m.id)).toEqual([record.id]);
      expect(retried[0]?.delivery.attempts).toBe(2);
    });

    it("a final failure is ERROR with the error kept, never claimed again, and an operator can retry it", async () => {
      const record = await queueOne();
      const now = at(record.createdAt, 1_000);
      const [claim] = await store.claimDueMails(now, at(now, 60_000), 10);
      await store.markMailFailed(claimOf(claim), at(now, 200), "550 no such user", {
        final: true,
        nextAttemptAt: now,
      });
      const failed = await store.getMail(record.id);
      expect(failed?.delivery).toMatchObject({
        state: "ERROR",
        error: "550 no such user",
        leaseExpiresAt: null,
      });
      expect(failed?.delivery.endTime?.getTime()).toBe(at(now, 200).getTime());
      expect(await store.claimDueMails(at(now, 3_600_000), at(now, 3_700_000), 10)).toEqual([]);
      expect(await store.listMails({ state: "ERROR" })).toHaveLength(1);

      const later = at(now, 10_000);
      expect(await store.retryMail(record.id, later)).toBe(true);
      const requeued = await store.getMail(record.id);
      expect(requeued?.delivery).toMatchObject({ state: "PENDING", attempts: 0 });
      const claimed = await store.claimDueMails(later, at(later, 60_000), 10);
      expect(claimed.map((m) => m.id)).toEqual([record.id]);
    });

    it("retrying a mail that is not in ERROR (or does not exist) changes nothing", async () => {
      const record = await queueOne();
      expect(await store.retryMail(record.id, at(record.createdAt, 1_000))).toBe(false);
      expect((await store.getMail(record.id))?.delivery.state).toBe("PENDING");
      expect(await store.retryMail("00000000-0000-4000-8000-000000000000", new Date())).toBe(false);
    });

    it("lists mails by state and by contact", async () => {
      const { id: contactId } = await store.addContactWithMails(contact(), contactMails);
      const single = await queueOne();
      expect(await store.listMails()).toHaveLength(3);
      expect(await store.listMails({ state: "PENDING" })).toHaveLength(3);
      expect((await store.listMails({ contactId })).map((m) => m.id)).not.toContain(single.id);
      expect(await store.listMails({ state: "ERROR" })).toEqual([]);
    });

    it("outbox stats count the backlog and failures and age the oldest undelivered mail", async () => {
      expect(await store.outboxStats(new Date())).toEqual({
        pending: 0,
        failed: 0,
        oldestPendingAgeMs: null,
      });

      const oldest = await queueOne();
      const failing = await queueOne();
      await queueOne();
      const now = at(oldest.createdAt, 5_000);
      // Claim all three (two stay PROCESSING: still backlog), then fail one for good.
      const claims = await store.claimDueMails(at(now, 10_000), at(now, 70_000), 10);
      await store.markMailFailed(
        claimOf(claims.find((c) => c.id === failing.id)),
        now,
        "550 rejected",
        {
          final: true,
          nextAttemptAt: now,
        },
      );

      const stats = await store.outboxStats(now);
      expect(stats).toEqual({ pending: 2, failed: 1, oldestPendingAgeMs: 5_000 });
    });
  });

  describe("outbox claims are fenced by their token", () => {
    it("each claim stores a fresh random token, a new one when the mail is claimed again", async () => {
      const record = await queueOne();
      const now = at(record.createdAt, 1_000);
      const [first] = await store.claimDueMails(now, at(now, 10_000), 10);
      const [second] = await store.claimDueMails(at(now, 10_000), at(now, 20_000), 10);
      expect(first?.claimToken).toMatch(/^[\w-]{16,}$/);
      expect(second?.claimToken).toMatch(/^[\w-]{16,}$/);
      expect(second?.claimToken).not.toBe(first?.claimToken);
    });

    it("a worker whose lease was taken over can neither mark nor renew it: the new holder's state stands", async () => {
      const record = await queueOne();
      const now = at(record.createdAt, 1_000);
      const stale = claimOf((await store.claimDueMails(now, at(now, 10_000), 10))[0]);
      // The lease runs out; another worker claims the mail.
      const later = at(now, 10_000);
      const current = claimOf((await store.claimDueMails(later, at(later, 10_000), 10))[0]);

      expect(await store.markMailSent(stale, later, "<stale@smtp.example>")).toBe(false);
      expect(
        await store.markMailFailed(stale, later, "stale failure", {
          final: true,
          nextAttemptAt: later,
        }),
      ).toBe(false);
      expect(await store.renewMailLease(stale, at(later, 60_000))).toBe(false);
      expect(await store.releaseMails([stale], later)).toBe(0);
      const untouched = await store.getMail(record.id);
      expect(untouched?.delivery).toMatchObject({
        state: "PROCESSING",
        attempts: 2,
        error: null,
        messageId: null,
      });
      expect(untouched?.delivery.leaseExpiresAt?.getTime()).toBe(at(later, 10_000).getTime());

      expect(await store.markMailSent(current, later, "<current@smtp.example>")).toBe(true);
      expect((await store.getMail(record.id))?.delivery).toMatchObject({
        state: "SUCCESS",
        messageId: "<current@smtp.example>",
      });
      // Once marked, the claim is spent: a second outcome is refused.
      expect(
        await store.markMailFailed(current, later, "late", { final: true, nextAttemptAt: later }),
      ).toBe(false);
      expect((await store.getMail(record.id))?.delivery.state).toBe("SUCCESS");
    });

    it("a wrong token or an unknown mail changes nothing", async () => {
      const record = await queueOne();
      const now = at(record.createdAt, 1_000);
      await store.claimDueMails(now, at(now, 60_000), 10);
      const forged = { id: record.id, claimToken: "not-the-token" };
      expect(await store.markMailSent(forged, now, null)).toBe(false);
      expect(await store.renewMailLease(forged, at(now, 120_000))).toBe(false);
      const unknown = { id: "00000000-0000-4000-8000-000000000000", claimToken: "x" };
      expect(await store.markMailSent(unknown, now, null)).toBe(false);
      expect(
        await store.markMailFailed(unknown, now, "x", { final: false, nextAttemptAt: now }),
      ).toBe(false);
      expect((await store.getMail(record.id))?.delivery.state).toBe("PROCESSING");
    });

    it("renewing extends the lease while the claim holds, so the mail is not claimed by another meanwhile", async () => {
      const record = await queueOne();
      const now = at(record.createdAt, 1_000);
      const claim = claimOf((await store.claimDueMails(now, at(now, 10_000), 10))[0]);
      expect(await store.renewMailLease(claim, at(now, 30_000))).toBe(true);
      expect((await store.getMail(record.id))?.delivery.leaseExpiresAt?.getTime()).toBe(
        at(now, 30_000).getTime(),
      );
      // Past the first lease, before the renewed one: not claimable.
      expect(await store.claimDueMails(at(now, 20_000), at(now, 40_000), 10)).toEqual([]);
      expect(await store.markMailSent(claim, at(now, 25_000), null)).toBe(true);
    });

    it("releasing gives an untried claim back: PENDING, due now, the attempt not counted, claimable at once", async () => {
      const record = await queueOne();
      const now = at(record.createdAt, 1_000);
      const claims = await store.claimDueMails(now, at(now, 60_000), 10);
      expect(claims[0]?.delivery.attempts).toBe(1);
      const releasedAt = at(now, 500);
      expect(await store.releaseMails(claims.map(claimOf), releasedAt)).toBe(1);
      const released = await store.getMail(record.id);
      expect(released?.delivery).toMatchObject({
        state: "PENDING",
        attempts: 0,
        leaseExpiresAt: null,
      });
      expect(released?.delivery.nextAttemptAt.getTime()).toBe(releasedAt.getTime());
      // The old claim is spent, and the mail is claimable right away, long before the lease would end.
      expect(await store.markMailSent(claimOf(claims[0]), releasedAt, null)).toBe(false);
      const again = await store.claimDueMails(releasedAt, at(releasedAt, 60_000), 10);
      expect(again.map((m) => m.id)).toEqual([record.id]);
      expect(again[0]?.delivery.attempts).toBe(1);
      expect(await store.releaseMails([], releasedAt)).toBe(0);
    });

    it("two stores on the same data claiming at the same time never get the same mail", async () => {
      const other = await sibling();
      try {
        const queued = await Promise.all(Array.from({ length: 30 }, () => queueOne()));
        const newest = Math.max(...queued.map((m) => m.createdAt.getTime()));
        const now = new Date(newest + 1_000);
        const lease = at(now, 60_000);
        const rounds = await Promise.all(
          [store, other, store, other].map((s) => s.claimDueMails(now, lease, 20)),
        );
        // Whatever the race left unclaimed (a loser may come away empty), claimed one after another.
        for (let more = true; more;) {
          const next = await other.claimDueMails(now, lease, 20);
          rounds.push(next);
          more = next.length > 0;
        }
        const ids = rounds.flat().map((m) => m.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.sort()).toEqual(queued.map((m) => m.id).sort());
      } finally {
        await other.close();
      }
    });
  });
}
