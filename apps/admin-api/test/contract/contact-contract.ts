import { beforeEach, describe, expect, it } from "vitest";
import type { Store } from "../../src/ports/store.js";
import { contact, contactMails } from "./contract-fixtures.js";

/** The contacts capability's store contract. Called from describeStoreContract, on its fresh store per test. */
export function describeContactContract(current: () => Store): void {
  describe("contacts and their mails", () => {
    let store: Store;
    beforeEach(() => {
      store = current();
    });

    it("stores the contact as new with its two mails PENDING, linked by the contact id", async () => {
      const { id } = await store.addContactWithMails(contact(), contactMails);
      const stored = await store.getContact(id);
      expect(stored).toMatchObject({ ...contact(), id, status: "new" });
      expect(stored?.createdAt).toBeInstanceOf(Date);
      expect(stored?.updatedAt.getTime()).toBe(stored?.createdAt.getTime());

      const mails = await store.listMails({ contactId: id });
      expect(mails.map((m) => m.meta.kind).sort()).toEqual([
        "contact-acknowledgement",
        "contact-notification",
      ]);
      const notification = mails.find((m) => m.meta.kind === "contact-notification");
      expect(notification?.message).toEqual({
        to: "inbox@example.com",
        replyTo: "wanjiku@example.com",
        subject: "New inquiry",
        text: "Hello",
        html: "<p>Hello</p>",
      });
      for (const m of mails) {
        expect(m.meta.contactId).toBe(id);
        expect(m.delivery).toMatchObject({
          state: "PENDING",
          attempts: 0,
          leaseExpiresAt: null,
          startTime: null,
          endTime: null,
          error: null,
          messageId: null,
        });
        expect(m.delivery.nextAttemptAt.getTime()).toBeLessThanOrEqual(m.createdAt.getTime());
      }
    });

    it("a contact without a phone reads back without one", async () => {
      const { id } = await store.addContactWithMails(contact({ phone: undefined }), () => []);
      const stored = await store.getContact(id);
      expect(stored?.phone).toBeUndefined();
      expect(stored?.name).toBe("Wanjiku Kamau");
    });

    it("is atomic: when the mails cannot be built, neither the contact nor any mail is stored", async () => {
      let seenId: string | undefined;
      await expect(
        store.addContactWithMails(contact(), (contactId) => {
          seenId = contactId;
          throw new Error("composition failed");
        }),
      ).rejects.toThrow("composition failed");
      expect(seenId).toBeTypeOf("string");
      expect(await store.getContact(seenId as string)).toBeNull();
      expect(await store.listMails({ contactId: seenId as string })).toEqual([]);
      expect(await store.listMails()).toEqual([]);
    });

    it("an unknown contact id reads back as null", async () => {
      expect(await store.getContact("00000000-0000-4000-8000-000000000000")).toBeNull();
    });
  });
}
