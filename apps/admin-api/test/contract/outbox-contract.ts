import { beforeEach, describe, expect, it } from "vitest";
import type { MailRecord, NewMail, Store } from "../../src/ports/store.js";
import { testDataKey, testInbox } from "../helpers/app.js";
import { contact, mail } from "./contract-fixtures.js";

/**
 * A contact with its French acknowledgement, limited to `perRecipient` a day (0: the cap leaves it out),
 * and the firm's notification.
 */
export const cappedContact = (into: Store, email: string, now: Date, perRecipient = 0) =>
  into.addContactWithMails(contact({ email }), (contactId): NewMail[] => [
    {
      message: {
        to: email,
        subject: "Received",
        text: "t",
        html: "<p>t</p>",
        headers: { "Content-Language": "fr" },
      },
      meta: { kind: "contact-acknowledgement", contactId },
      limit: {
        recipientKey: testDataKey(email),
        perRecipient,
        dailyCap: 200,
        now,
        dailyCapNotice: { inbox: testInbox },
      },
    },
    {
      message: { to: testInbox, replyTo: email, subject: "New", text: "t", html: "<p>t</p>" },
      meta: { kind: "contact-notification", contactId },
    },
  ]);

/**
 * What the office's outbox reads of the mail capability (mail/port.ts): the mails in each state, and the
 * automatic mails a cap left out kept as HELD records. Called from describeStoreContract.
 */
export function describeOutboxContract(current: () => Store): void {
  let store: Store;
  beforeEach(() => {
    store = current();
  });
  const queued = async (): Promise<MailRecord> => {
    const { id } = await store.queueMail(mail());
    const record = await store.getMail(id);
    if (!record) throw new Error("queued mail not found");
    return record;
  };

  describe("the office's outbox", () => {
    it("counts the mails in each state, a mail a cap left out as held", async () => {
      expect(await store.outboxCounts()).toEqual({
        queued: 0,
        sending: 0,
        sent: 0,
        failed: 0,
        held: 0,
      });
      const records = [await queued(), await queued(), await queued(), await queued()];
      const now = new Date((records[3]?.createdAt.getTime() ?? 0) + 1_000);
      const claims = await store.claimDueMails(now, new Date(now.getTime() + 60_000), 4);
      expect(claims).toHaveLength(4);
      const [sent, failed, released] = claims;
      if (!sent || !failed || !released) throw new Error("expected four claims");
      expect(await store.markMailSent(sent, now, "<id@test>")).toBe(true);
      expect(
        await store.markMailFailed(failed, now, "550 no such user", {
          final: true,
          nextAttemptAt: now,
        }),
      ).toBe(true);
      expect(await store.releaseMails([released], now)).toBe(1);
      const capped = await cappedContact(store, "amina@example.com", now);
      expect(capped.skipped).toEqual([
        { kind: "contact-acknowledgement", to: "amina@example.com", reason: "recipient-limit" },
      ]);
      expect(await store.outboxCounts()).toEqual({
        queued: 2,
        sending: 1,
        sent: 1,
        failed: 1,
        held: 1,
      });
    });

    it("keeps a held mail as a record without a body, never claimed and left out of listMails", async () => {
      const now = new Date();
      const { id } = await cappedContact(store, "otieno@example.com", now);
      expect((await store.listMails({ contactId: id })).map((m) => m.meta.kind)).toEqual([
        "contact-notification",
      ]);
      const claimed = await store.claimDueMails(
        new Date(now.getTime() + 60_000),
        new Date(now.getTime() + 120_000),
        10,
      );
      expect(claimed.map((m) => m.meta.kind)).toEqual(["contact-notification"]);
      expect(await store.outboxCounts()).toMatchObject({ held: 1, sending: 1 });
    });

    it("lists the outbox newest first in keyset pages, filtered by state, kind, language, recipient and days", async () => {
      const first = await queued();
      const french = await store.queueMail(
        mail(
          { to: "Marie@Example.FR", headers: { "Content-Language": "fr" } },
          { kind: "lead-reply" },
        ),
      );
      const now = new Date();
      await cappedContact(store, "held@example.com", now);
      const all = await store.listOutbox({}, 10, null);
      expect(all.items).toHaveLength(4);
      expect(all.items.at(-1)?.id).toBe(first.id);
      expect(all.next).toBeNull();
      const byId = (items: { id: string }[]) => items.map((item) => item.id);

      const firstPage = await store.listOutbox({}, 3, null);
      expect(firstPage.next).not.toBeNull();
      const rest = await store.listOutbox({}, 3, firstPage.next);
      expect([...byId(firstPage.items), ...byId(rest.items)]).toEqual(byId(all.items));
      expect(rest.next).toBeNull();

      const held = await store.listOutbox({ state: "HELD" }, 10, null);
      expect(held.items.map((m) => [m.meta.kind, m.delivery.error])).toEqual([
        ["contact-acknowledgement", "recipient-limit"],
      ]);
      expect(held.items[0]?.bodyPurgedAt).not.toBeNull();
      expect(byId((await store.listOutbox({ kind: "lead-reply" }, 10, null)).items)).toEqual([
        french.id,
      ]);
      expect((await store.listOutbox({ locale: "fr" }, 10, null)).items).toHaveLength(2);
      expect(
        byId((await store.listOutbox({ locale: "fr", recipient: "marie@" }, 10, null)).items),
      ).toEqual([french.id]);
      expect((await store.listOutbox({ locale: "en" }, 10, null)).items).toHaveLength(2);
      const later = new Date(now.getTime() + 86_400_000);
      expect((await store.listOutbox({ from: later }, 10, null)).items).toEqual([]);
      expect(
        (await store.listOutbox({ before: later, state: "PENDING" }, 10, null)).items,
      ).toHaveLength(3);
    });

    it("retries a failed mail once, audited, back to PENDING for the worker's lease; refuses the rest", async () => {
      const record = await queued();
      const now = new Date(record.createdAt.getTime() + 1_000);
      const [claim] = await store.claimDueMails(now, new Date(now.getTime() + 60_000), 1);
      if (!claim) throw new Error("expected a claim");
      expect(await store.retryFailedMail(record.id, "staff@firm.test", now)).toEqual({
        kind: "not-failed",
      });
      await store.markMailFailed(claim, now, "550 no such user", {
        final: true,
        nextAttemptAt: now,
      });

      const retried = await store.retryFailedMail(record.id, "staff@firm.test", now);
      if (retried.kind !== "retried") throw new Error(`expected a retry, got ${retried.kind}`);
      expect(retried.mail.delivery).toMatchObject({
        state: "PENDING",
        attempts: 0,
        error: "550 no such user",
      });
      expect(retried.mail.retriedAt?.getTime()).toBe(now.getTime());
      const audit = (await store.listAudit(10)).filter((entry) => entry.action === "mail.retried");
      expect(audit).toMatchObject([
        {
          actor: "staff@firm.test",
          target: record.id,
          details: { kind: "admin", attempts: "1" },
        },
      ]);

      const later = new Date(now.getTime() + 1_000);
      const [again] = await store.claimDueMails(later, new Date(later.getTime() + 60_000), 1);
      expect(again?.id).toBe(record.id);
      if (!again) throw new Error("expected the retried mail to be claimed");
      await store.markMailFailed(again, later, "550 still no", {
        final: true,
        nextAttemptAt: later,
      });
      expect(await store.retryFailedMail(record.id, "staff@firm.test", later)).toEqual({
        kind: "already-retried",
      });
      expect(
        await store.retryFailedMail("00000000-0000-4000-8000-000000000000", "s@x.test", later),
      ).toEqual({
        kind: "not-found",
      });
      expect(
        (await store.listAudit(10)).filter((entry) => entry.action === "mail.retried"),
      ).toHaveLength(1);
    });

    it("counts the day's automatic mails against the daily cap", async () => {
      const now = new Date();
      expect(await store.automaticMailsToday(now)).toBe(0);
      await cappedContact(store, "one@example.com", now, 3);
      await cappedContact(store, "two@example.com", now, 3);
      expect(await store.automaticMailsToday(now)).toBe(2);
      expect(await store.automaticMailsToday(new Date(now.getTime() + 86_400_000))).toBe(0);
    });
  });
}
