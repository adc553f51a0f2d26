import { beforeEach, describe, expect, it } from "vitest";
import type { MailRecord, NewMail, Store } from "../../src/ports/store.js";
import { testDataKey, testInbox } from "../helpers/app.js";
import { contact, mail } from "./contract-fixtures.js";

/** A contact whose acknowledgement a cap leaves out (perRecipient 0), with the firm's notification. */
export const cappedContact = (into: Store, email: string, now: Date) =>
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
        perRecipient: 0,
        dailyCap: 200,
        now,
        dailyCapNotice: {
          message: { to: testInbox, subject: "Cap", text: "t", html: "<p>t</p>" },
          meta: { kind: "daily-cap-notification" },
        },
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
        await store.markMailFailed(failed, now, "550 no such user", { final: true, nextAttemptAt: now }),
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
  });
}
