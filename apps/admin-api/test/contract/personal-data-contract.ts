import { describe, expect, it } from "vitest";
import type { NewContact, NewMail, Store, SubscribeResult } from "../../src/ports/store.js";

/**
 * The Store contract for a person's data (Kenya's Data Protection Act 2019): consent recorded with each
 * subscription and contact, unsubscribing and subscribing again, the subscriber list, export, erasure
 * and mail-body retention. Called from describeStoreContract, on its fresh store per test.
 */
export function describePersonalDataContract(current: () => Store): void {
  const consent = { page: "/about", noticeVersion: "2026-11-23" };
  const contact = (overrides: Partial<NewContact> = {}): NewContact => ({
    name: "Wanjiku Kamau",
    email: "wanjiku@example.com",
    subject: "Strategy review",
    description: "We would like a review of our five-year plan.",
    consent: { page: "/contact", noticeVersion: "2026-11-23" },
    ...overrides,
  });
  const mail = (
    to: string,
    meta: NewMail["meta"] = { kind: "admin" },
    replyTo?: string,
  ): NewMail => ({
    message: {
      to,
      ...(replyTo ? { replyTo } : {}),
      subject: "Hello",
      text: "Hello",
      html: "<p>Hello</p>",
    },
    meta,
  });
  const welcome = (subscriptionId: string): NewMail[] => [
    {
      message: {
        to: "amina@example.com",
        subject: "Welcome",
        text: "Welcome",
        html: "<p>Welcome</p>",
        headers: {
          "List-Unsubscribe": `<https://site.example/api/unsubscribe?token=${subscriptionId}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      },
      meta: { kind: "newsletter-welcome", subscriptionId },
    },
  ];
  const createdId = (result: SubscribeResult): string => {
    if (!result.created)
      throw new Error(`expected a created subscription, got ${JSON.stringify(result)}`);
    return result.id;
  };
  /** Claims every due mail and marks it sent at `sentAt`. */
  const sendAll = async (store: Store, sentAt: Date) => {
    const claimed = await store.claimDueMails(sentAt, new Date(sentAt.getTime() + 60_000), 100);
    for (const item of claimed) {
      await store.markMailSent({ id: item.id, claimToken: item.claimToken }, sentAt, null);
    }
    return claimed.length;
  };

  describe("consent and unsubscribing", () => {
    it("a subscription records its consent (page, notice version, when) and is subscribed", async () => {
      const store = current();
      const id = createdId(await store.addSubscription({ email: "amina@example.com", consent }));
      const stored = await store.getSubscription(id);
      expect(stored).toMatchObject({
        id,
        email: "amina@example.com",
        status: "subscribed",
        unsubscribedAt: null,
        consent,
      });
      expect(
        Math.abs((stored?.consent.at.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 1)),
      ).toBeLessThan(1_000);
    });

    it("without consent details the subscription records page and version as null", async () => {
      const store = current();
      const id = createdId(await store.addSubscription({ email: "amina@example.com" }));
      expect((await store.getSubscription(id))?.consent).toMatchObject({
        page: null,
        noticeVersion: null,
      });
    });

    it("a contact records its consent, given when it was sent", async () => {
      const store = current();
      const { id } = await store.addContactWithMails(contact(), () => []);
      const stored = await store.getContact(id);
      expect(stored?.consent).toEqual({
        at: stored?.createdAt,
        page: "/contact",
        noticeVersion: "2026-11-23",
      });
    });

    it("the welcome mail is queued with the subscription, its headers kept, and not for a duplicate", async () => {
      const store = current();
      const id = createdId(
        await store.addSubscription({ email: "amina@example.com", consent }, welcome),
      );
      const [queued, ...rest] = await store.listMails();
      expect(rest).toEqual([]);
      expect(queued?.meta).toEqual({ kind: "newsletter-welcome", subscriptionId: id });
      expect(queued?.delivery.state).toBe("PENDING");
      expect(queued?.message.headers).toEqual(welcome(id)[0]?.message.headers);
      expect(await store.addSubscription({ email: "amina@example.com" }, welcome)).toEqual({
        created: false,
        reason: "duplicate",
      });
      expect(await store.listMails()).toHaveLength(1);
    });

    it("is atomic: when the welcome mail cannot be built, no subscription is stored", async () => {
      const store = current();
      await expect(
        store.addSubscription({ email: "amina@example.com" }, () => {
          throw new Error("cannot compose");
        }),
      ).rejects.toThrow("cannot compose");
      expect(await store.getSubscriptionByEmail("amina@example.com")).toBeNull();
      expect(await store.listMails()).toEqual([]);
    });

    it("unsubscribing changes subscribed to unsubscribed once; an unknown id is unknown", async () => {
      const store = current();
      const id = createdId(await store.addSubscription({ email: "amina@example.com", consent }));
      expect(await store.unsubscribe(id)).toBe("unsubscribed");
      const stored = await store.getSubscription(id);
      expect(stored?.status).toBe("unsubscribed");
      expect(stored?.unsubscribedAt).toBeInstanceOf(Date);
      expect(await store.unsubscribe(id)).toBe("already");
      expect(await store.unsubscribe("no-such-subscription")).toBe("unknown");
      expect(await store.getSubscription("no-such-subscription")).toBeNull();
    });

    it("an unsubscribed address is not subscribed again by a new subscription: same id, departed, its consent kept", async () => {
      const store = current();
      const id = createdId(await store.addSubscription({ email: "amina@example.com", consent }));
      await store.unsubscribe(id);
      const left = await store.getSubscription(id);
      const again = await store.addSubscription(
        { email: "amina@example.com", consent: { page: "/services", noticeVersion: "2026-11-23" } },
        welcome,
      );
      // It comes back only through resubscribe (subscription-contract.ts).
      expect(again).toEqual({ created: false, reason: "departed", id, skipped: [] });
      expect(await store.getSubscription(id)).toEqual(left);
      expect(await store.listSubscribers()).toEqual([]);
    });

    it("the subscriber list holds only the subscribed, oldest first", async () => {
      const store = current();
      const first = createdId(await store.addSubscription({ email: "first@example.com" }));
      const gone = createdId(await store.addSubscription({ email: "gone@example.com" }));
      const last = createdId(await store.addSubscription({ email: "last@example.com" }));
      await store.unsubscribe(gone);
      expect((await store.listSubscribers()).map((s) => s.id)).toEqual([first, last]);
    });
  });

  describe("a person's data: export and erasure", () => {
    const person = "amina@example.com";
    /** The person's subscription, contact and every kind of mail to or about them, plus someone else's. */
    const seed = async (store: Store) => {
      const subscriptionId = createdId(
        await store.addSubscription({ email: person, consent }, welcome),
      );
      // The contact form keeps the address as typed: it is found in any case.
      const typed = "Amina@Example.com";
      const { id: contactId } = await store.addContactWithMails(contact({ email: typed }), (id) => [
        mail(typed, { kind: "contact-acknowledgement", contactId: id }),
        mail("inbox@example.com", { kind: "contact-notification", contactId: id }, typed),
      ]);
      await store.queueMail(mail(person));
      // A blog comment under the address as typed, and the firm's notification about it.
      const { id: commentId } = await store.addCommentWithMails(
        { post: "a-post", name: "Amina", email: typed, text: "Thank you for this." },
        () => [mail("inbox@example.com", { kind: "comment-notification" })],
      );
      await store.addCommentWithMails(
        { post: "a-post", name: "Other", email: "other@example.com", text: "Me too." },
        () => [mail("inbox@example.com", { kind: "comment-notification" })],
      );
      const other = createdId(await store.addSubscription({ email: "other@example.com" }));
      const { id: otherContact } = await store.addContactWithMails(
        contact({ email: "other@example.com" }),
        (id) => [mail("other@example.com", { kind: "contact-acknowledgement", contactId: id })],
      );
      return { subscriptionId, contactId, commentId, other, otherContact };
    };

    it("export finds the subscription, the contacts, the comments and every mail to, replying to or about the address, in any case", async () => {
      const store = current();
      const { subscriptionId, contactId, commentId } = await seed(store);
      const data = await store.findPersonalData(person);
      expect(data.subscription?.id).toBe(subscriptionId);
      expect(data.contacts.map((c) => c.id)).toEqual([contactId]);
      expect(data.comments.map((c) => [c.id, c.text])).toEqual([
        [commentId, "Thank you for this."],
      ]);
      expect(data.mails.map((m) => m.meta.kind).sort()).toEqual([
        "admin",
        "comment-notification",
        "contact-acknowledgement",
        "contact-notification",
        "newsletter-welcome",
      ]);
      expect(await store.findPersonalData("nobody@example.com")).toEqual({
        subscription: null,
        contacts: [],
        comments: [],
        mails: [],
      });
    });

    it("erasure deletes all of it, leaves others alone, and records only when and the address's hash", async () => {
      const store = current();
      const { subscriptionId, contactId, commentId, other, otherContact } = await seed(store);
      const erasure = await store.erasePersonalData(person, { addressHash: "hmac-of-address" });
      expect(erasure).toMatchObject({
        addressHash: "hmac-of-address",
        deleted: { subscriptions: 1, contacts: 1, comments: 1, mails: 5 },
      });
      expect(erasure.erasedAt).toBeInstanceOf(Date);
      expect(await store.findPersonalData(person)).toEqual({
        subscription: null,
        contacts: [],
        comments: [],
        mails: [],
      });
      expect(await store.getComment(commentId)).toBeNull();
      expect(await store.listComments({ status: "pending" })).toHaveLength(1);
      expect(await store.getSubscription(subscriptionId)).toBeNull();
      expect(await store.getContact(contactId)).toBeNull();
      expect(await store.getSubscription(other)).not.toBeNull();
      expect(await store.getContact(otherContact)).not.toBeNull();
      // The other person's contact acknowledgement and the notification about their comment.
      expect(await store.listMails()).toHaveLength(2);
      const erasures = await store.listErasures();
      expect(erasures).toEqual([erasure]);
      expect(JSON.stringify(erasures)).not.toContain(person);
    });

    /** One person, `élodie@example.com`, as people type it: capitals of any script, accents composed or not. */
    const composed = "ÉLODIE@Example.com";
    const decomposed = "E\u0301lodie@example.com";
    const seedElodie = async (store: Store) => {
      const subscriptionId = createdId(
        await store.addSubscription({ email: decomposed.toLowerCase(), consent }, (id) => [
          mail(decomposed, { kind: "newsletter-welcome", subscriptionId: id }),
        ]),
      );
      const { id: contactId } = await store.addContactWithMails(
        contact({ email: composed }),
        (id) => [
          mail(composed, { kind: "contact-acknowledgement", contactId: id }),
          mail("inbox@example.com", { kind: "contact-notification", contactId: id }, decomposed),
        ],
      );
      const { id: commentId } = await store.addCommentWithMails(
        { post: "a-post", name: "Élodie", email: decomposed, text: "Merci." },
        () => [mail("inbox@example.com", { kind: "comment-notification" })],
      );
      await store.queueMail(mail("ÉLODIE@EXAMPLE.COM"));
      await store.addContactWithMails(contact({ email: "elodie@example.com" }), () => []);
      return { subscriptionId, contactId, commentId };
    };

    it("an address's subscription is one whatever its spelling: found, and a duplicate, in capitals or decomposed", async () => {
      const store = current();
      const id = createdId(await store.addSubscription({ email: "élodie@example.com" }));
      for (const spelling of [composed, decomposed, " élodie@EXAMPLE.com "])
        expect((await store.getSubscriptionByEmail(spelling))?.id).toBe(id);
      expect(await store.addSubscription({ email: decomposed.toLowerCase() })).toEqual({
        created: false,
        reason: "duplicate",
      });
      expect((await store.getSubscription(id))?.email).toBe("élodie@example.com");
    });

    it("export and erasure find every row and mail however the address was typed (non-ASCII capitals, decomposed accents)", async () => {
      const store = current();
      const { subscriptionId, contactId, commentId } = await seedElodie(store);
      const data = await store.findPersonalData("élodie@example.com");
      expect(data.subscription?.id).toBe(subscriptionId);
      expect(data.contacts.map((c) => [c.id, c.email])).toEqual([[contactId, composed]]);
      expect(data.comments.map((c) => c.id)).toEqual([commentId]);
      expect(data.mails.map((m) => m.meta.kind).sort()).toEqual([
        "admin",
        "comment-notification",
        "contact-acknowledgement",
        "contact-notification",
        "newsletter-welcome",
      ]);
      expect((await store.findPersonalData(decomposed)).contacts).toHaveLength(1);

      const erasure = await store.erasePersonalData("élodie@example.com", { addressHash: "h" });
      expect(erasure.deleted).toEqual({ subscriptions: 1, contacts: 1, comments: 1, mails: 5 });
      for (const spelling of [composed, decomposed, "élodie@example.com"]) {
        expect(await store.findPersonalData(spelling)).toEqual({
          subscription: null,
          contacts: [],
          comments: [],
          mails: [],
        });
      }
      // Another person, whose address differs only by the accent, is left alone.
      expect((await store.findPersonalData("elodie@example.com")).contacts).toHaveLength(1);
    });

    it("erasing an address with nothing held still records the erasure", async () => {
      const store = current();
      const erasure = await store.erasePersonalData("nobody@example.com", { addressHash: "h" });
      expect(erasure.deleted).toEqual({ subscriptions: 0, contacts: 0, comments: 0, mails: 0 });
      expect(await store.listErasures()).toHaveLength(1);
    });
  });

  describe("mail body retention", () => {
    it("empties the bodies of mails finished before the cut-off, once; keeps newer and unsent ones", async () => {
      const store = current();
      const { id: old } = await store.queueMail(mail("a@example.com"));
      const queuedAt = (await store.getMail(old))?.createdAt ?? new Date();
      const day = 24 * 60 * 60 * 1000;
      expect(await sendAll(store, new Date(queuedAt.getTime() + 1_000))).toBe(1);
      const { id: recent } = await store.queueMail(mail("b@example.com"));
      expect(await sendAll(store, new Date(queuedAt.getTime() + 10 * day))).toBe(1);
      const { id: pending } = await store.queueMail(mail("c@example.com"));

      const cutOff = new Date(queuedAt.getTime() + 5 * day);
      expect(await store.purgeMailBodies(cutOff)).toBe(1);
      const purged = await store.getMail(old);
      expect(purged?.message).toMatchObject({
        to: "a@example.com",
        subject: "Hello",
        text: "",
        html: "",
      });
      expect(purged?.delivery.state).toBe("SUCCESS");
      expect((await store.getMail(recent))?.message.text).toBe("Hello");
      expect((await store.getMail(pending))?.message.text).toBe("Hello");
      expect(await store.purgeMailBodies(cutOff)).toBe(0);
    });
  });
}
