import { describe, expect, it } from "vitest";
import {
  IdempotencyKeyReusedError,
  type IdempotencyClaim,
  type NewContact,
  type NewMail,
  type Store,
} from "../../src/ports/store.js";

/**
 * The Store contract for submissions' idempotency keys: a key that holds answers the first write's
 * result and writes nothing (no row, no mail), also when copies race, in one store or two on the same
 * data; a key reused with other fields is refused; an expired key counts as new and is purged. Called
 * from describeStoreContract, on its fresh store per test.
 */
export function describeIdempotencyContract(
  current: () => Store,
  sibling: () => Promise<Store>,
): void {
  const now = new Date("2026-11-24T08:00:00Z");
  const hour = 60 * 60 * 1000;
  const claim = (overrides: Partial<IdempotencyClaim> = {}): IdempotencyClaim => ({
    scope: "contact",
    key: "k3y-0f-one-submission",
    fingerprint: "fingerprint-a",
    now,
    expiresAt: new Date(now.getTime() + 7 * 24 * hour),
    ...overrides,
  });
  const contact: NewContact = {
    name: "Otieno Odhiambo",
    email: "otieno@example.com",
    subject: "SACCO governance",
    description: "Our board would like a governance review.",
  };
  const mailsOf = (contactId: string): NewMail[] => [
    {
      message: {
        to: "otieno@example.com",
        subject: "Received",
        text: "Received",
        html: "<p>Received</p>",
      },
      meta: { kind: "contact-acknowledgement", contactId },
    },
    {
      message: { to: "firm@example.com", subject: "New", text: "New", html: "<p>New</p>" },
      meta: { kind: "contact-notification", contactId },
    },
  ];
  const welcomeOf = (subscriptionId: string): NewMail[] => [
    {
      message: {
        to: "amina@example.com",
        subject: "Welcome",
        text: "Welcome",
        html: "<p>Welcome</p>",
      },
      meta: { kind: "newsletter-welcome", subscriptionId },
    },
  ];

  describe("idempotency keys", () => {
    it("a contact sent again with its key answers the first id and stores nothing new", async () => {
      const store = current();
      const first = await store.addContactWithMails(contact, mailsOf, claim());
      const again = await store.addContactWithMails(contact, mailsOf, claim());
      expect(first.replayed).toBeUndefined();
      expect(again).toEqual({ id: first.id, skipped: [], replayed: true });
      expect(await store.listMails()).toHaveLength(2);
      expect((await store.findPersonalData("otieno@example.com")).contacts).toHaveLength(1);
    });

    it("20 copies of one keyed contact at once store one contact and one pair of mails", async () => {
      const store = current();
      const results = await Promise.all(
        Array.from({ length: 20 }, () => store.addContactWithMails(contact, mailsOf, claim())),
      );
      const ids = new Set(results.map((result) => result.id));
      expect(ids.size).toBe(1);
      expect(results.filter((result) => !result.replayed)).toHaveLength(1);
      expect((await store.findPersonalData("otieno@example.com")).contacts).toHaveLength(1);
      expect(await store.listMails()).toHaveLength(2);
    });

    it("two stores on the same data taking one key at once write it once", async () => {
      const other = await sibling();
      const results = await Promise.all([
        current().addContactWithMails(contact, mailsOf, claim()),
        other.addContactWithMails(contact, mailsOf, claim()),
      ]);
      expect(results[0].id).toBe(results[1].id);
      expect(await current().listMails()).toHaveLength(2);
    });

    it("a key reused with other fields is refused and stores nothing", async () => {
      const store = current();
      await store.addContactWithMails(contact, mailsOf, claim());
      await expect(
        store.addContactWithMails(
          { ...contact, subject: "Another matter" },
          mailsOf,
          claim({ fingerprint: "fingerprint-b" }),
        ),
      ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
      expect((await store.findPersonalData("otieno@example.com")).contacts).toHaveLength(1);
    });

    it("keys are scoped: the same key for a contact and a subscription writes both", async () => {
      const store = current();
      await store.addContactWithMails(contact, mailsOf, claim());
      const subscribed = await store.addSubscription(
        { email: "amina@example.com" },
        welcomeOf,
        claim({ scope: "subscription" }),
      );
      expect(subscribed).toMatchObject({ created: true });
      expect(subscribed.created && subscribed.replayed).toBeFalsy();
    });

    it("different keys are different submissions", async () => {
      const store = current();
      const first = await store.addContactWithMails(contact, mailsOf, claim());
      const second = await store.addContactWithMails(
        contact,
        mailsOf,
        claim({ key: "another-key-of-16+" }),
      );
      expect(second.id).not.toBe(first.id);
      expect(await store.listMails()).toHaveLength(4);
    });

    it("an expired key counts as new, and purging forgets only expired keys", async () => {
      const store = current();
      const short = claim({ expiresAt: new Date(now.getTime() + hour) });
      const first = await store.addContactWithMails(contact, mailsOf, short);
      await store.addContactWithMails(contact, mailsOf, claim({ key: "a-key-that-still-holds" }));
      const later = new Date(now.getTime() + 2 * hour);
      const again = await store.addContactWithMails(
        contact,
        mailsOf,
        claim({ now: later, expiresAt: new Date(later.getTime() + hour) }),
      );
      expect(again.replayed).toBeUndefined();
      expect(again.id).not.toBe(first.id);
      // The retaken key expires an hour after `later`; the other holds for a week.
      expect(await store.purgeIdempotencyKeys(new Date(later.getTime() + 2 * hour))).toBe(1);
      const held = await store.addContactWithMails(
        contact,
        mailsOf,
        claim({ key: "a-key-that-still-holds" }),
      );
      expect(held.replayed).toBe(true);
    });

    it("a comment sent again with its key answers the first id; 20 copies at once store one", async () => {
      const store = current();
      const comment = {
        post: "sacco-governance",
        name: "Otieno",
        email: "otieno@example.com",
        text: "Useful.",
      };
      const notify = (commentId: string): NewMail[] => [
        {
          message: {
            to: "firm@example.com",
            subject: "Comment",
            text: "Comment",
            html: "<p>Comment</p>",
          },
          meta: { kind: "comment-notification", commentId },
        },
      ];
      const key = claim({ scope: "comment" });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => store.addCommentWithMails(comment, notify, key)),
      );
      expect(new Set(results.map((result) => result.id)).size).toBe(1);
      expect(results.filter((result) => !result.replayed)).toHaveLength(1);
      expect(await store.listComments({ status: "pending" })).toHaveLength(1);
      expect(await store.listMails()).toHaveLength(1);
    });

    it("a subscription sent again with its key answers the first answer, also after the address was seen", async () => {
      const store = current();
      const key = claim({ scope: "subscription" });
      const first = await store.addSubscription({ email: "amina@example.com" }, welcomeOf, key);
      const again = await store.addSubscription({ email: "amina@example.com" }, welcomeOf, key);
      expect(again).toEqual({
        created: true,
        id: first.created ? first.id : "",
        skipped: [],
        replayed: true,
      });
      // Without the key, the same address is the duplicate it always was.
      expect(await store.addSubscription({ email: "amina@example.com" }, welcomeOf)).toEqual({
        created: false,
        reason: "duplicate",
      });
      expect(await store.listMails()).toHaveLength(1);
    });

    it("a departed address's keyed repeat answers departed again, with one mail of its own", async () => {
      const store = current();
      const first = await store.addSubscription({ email: "amina@example.com" }, welcomeOf);
      if (!first.created) throw new Error("not created");
      await store.unsubscribe(first.id);
      const key = claim({ scope: "subscription" });
      const back = await store.addSubscription({ email: "amina@example.com" }, welcomeOf, key);
      const again = await store.addSubscription({ email: "amina@example.com" }, welcomeOf, key);
      expect(back).toEqual({ created: false, reason: "departed", id: first.id, skipped: [] });
      expect(again).toEqual({
        created: false,
        reason: "departed",
        id: first.id,
        skipped: [],
        replayed: true,
      });
      expect(await store.listMails()).toHaveLength(2);
      expect((await store.getSubscription(first.id))?.status).toBe("unsubscribed");
    });

    it("20 copies of one keyed subscription at once store one subscription and one welcome mail", async () => {
      const store = current();
      const key = claim({ scope: "subscription" });
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          store.addSubscription({ email: "amina@example.com" }, welcomeOf, key),
        ),
      );
      expect(results.every((result) => result.created)).toBe(true);
      expect(await store.listMails()).toHaveLength(1);
    });
  });
}
