import { describe, expect, it } from "vitest";
import type { IdempotencyClaim, NewMail, Store } from "../../src/ports/store.js";
import { testDataKey, testInbox } from "../helpers/app.js";

/**
 * The Store contract for an address that had unsubscribed (Decision 10): subscribing it never subscribes
 * it again, only queues its mails (the link to confirm); `resubscribe` brings it back once, bound to the
 * moment it left. Called from describeStoreContract, on its fresh store per test.
 */
export function describeSubscriptionContract(current: () => Store): void {
  const consent = { page: "/about", noticeVersion: "2026-11-23" };
  /** A mail per call, told when the address left (null: a new address). */
  const mailsOf =
    (to: string, options: { perRecipient?: number } = {}) =>
    (subscriptionId: string, { departedAt }: { departedAt: Date | null }): NewMail[] => {
      const now = new Date();
      return [
        {
          message: {
            to,
            subject: departedAt === null ? "Welcome" : `Confirm ${departedAt.getTime()}`,
            text: "t",
            html: "<p>t</p>",
          },
          meta: {
            kind: departedAt === null ? "newsletter-welcome" : "newsletter-confirmation",
            subscriptionId,
          },
          ...(options.perRecipient === undefined
            ? {}
            : {
                limit: {
                  recipientKey: testDataKey(to),
                  perRecipient: options.perRecipient,
                  dailyCap: 200,
                  now,
                  dailyCapNotice: { inbox: testInbox },
                },
              }),
        },
      ];
    };
  const welcomeBack =
    (to: string) =>
    (subscriptionId: string): NewMail[] => [
      {
        message: { to, subject: "Welcome back", text: "t", html: "<p>t</p>" },
        meta: { kind: "newsletter-welcome", subscriptionId },
      },
    ];
  const claim = (key: string): IdempotencyClaim => {
    const now = new Date();
    return {
      scope: "subscription",
      key,
      fingerprint: "f".repeat(64),
      now,
      expiresAt: new Date(now.getTime() + 60_000),
    };
  };
  /** A subscription made and then left; its id and when it left. */
  const departed = async (store: Store, email = "amina@example.com") => {
    const added = await store.addSubscription({ email, consent, locale: "sw" }, mailsOf(email));
    if (!added.created) throw new Error("expected a new subscription");
    expect(await store.unsubscribe(added.id)).toBe("unsubscribed");
    const left = await store.getSubscription(added.id);
    if (!left?.unsubscribedAt) throw new Error("no unsubscribedAt");
    return { id: added.id, departedAt: left.unsubscribedAt, left };
  };
  /** Waits out the rest of the millisecond `at` falls in (never sleeps): the next store time is later. */
  const pastMillisecond = (at: Date) => {
    while (Date.now() <= at.getTime()) {
      // spin
    }
  };

  describe("an address that had unsubscribed", () => {
    it("a new address is created and its mails are told it never left", async () => {
      const store = current();
      const result = await store.addSubscription(
        { email: "new@example.com", consent },
        mailsOf("new@example.com"),
      );
      expect(result).toEqual({ created: true, id: expect.any(String), skipped: [] });
      const [mail] = await store.listMails();
      expect(mail?.message.subject).toBe("Welcome");
    });

    it("subscribing it again leaves its subscription exactly as it is and queues only its mails, told when it left", async () => {
      const store = current();
      const { id, departedAt, left } = await departed(store);
      const result = await store.addSubscription(
        {
          email: "AMINA@example.com",
          consent: { page: "/services", noticeVersion: null },
          locale: "fr",
        },
        mailsOf("amina@example.com"),
      );
      expect(result).toEqual({ created: false, reason: "departed", id, skipped: [] });
      expect(await store.getSubscription(id)).toEqual(left);
      expect(await store.listSubscribers()).toEqual([]);
      const confirmations = (await store.listMails()).filter(
        (m) => m.meta.kind === "newsletter-confirmation",
      );
      expect(confirmations).toHaveLength(1);
      expect(confirmations[0]?.meta.subscriptionId).toBe(id);
      // The adapters keep milliseconds apart from Firestore's microseconds: the same moment either way.
      expect(confirmations[0]?.message.subject).toBe(`Confirm ${departedAt.getTime()}`);
    });

    it("a repeat under the same idempotency key answers the same and queues no second mail", async () => {
      const store = current();
      const { id } = await departed(store);
      const key = claim("k".repeat(22));
      const first = await store.addSubscription(
        { email: "amina@example.com" },
        mailsOf("amina@example.com"),
        key,
      );
      const again = await store.addSubscription(
        { email: "amina@example.com" },
        mailsOf("amina@example.com"),
        { ...key, now: new Date() },
      );
      expect(first).toEqual({ created: false, reason: "departed", id, skipped: [] });
      expect(again).toEqual({
        created: false,
        reason: "departed",
        id,
        skipped: [],
        replayed: true,
      });
      expect(
        (await store.listMails()).filter((m) => m.meta.kind === "newsletter-confirmation"),
      ).toHaveLength(1);
    });

    it("its mails are queued only within their limits, and the answer lists what was left out", async () => {
      const store = current();
      const { id } = await departed(store);
      const limited = mailsOf("amina@example.com", { perRecipient: 1 });
      const first = await store.addSubscription({ email: "amina@example.com" }, limited);
      const second = await store.addSubscription({ email: "amina@example.com" }, limited);
      expect(first).toEqual({ created: false, reason: "departed", id, skipped: [] });
      expect(second).toEqual({
        created: false,
        reason: "departed",
        id,
        skipped: [
          { kind: "newsletter-confirmation", to: "amina@example.com", reason: "recipient-limit" },
        ],
      });
      expect(
        (await store.listMails()).filter((m) => m.meta.kind === "newsletter-confirmation"),
      ).toHaveLength(1);
    });

    it("resubscribe brings it back once: subscribed, the new consent at store time, the language, its mails", async () => {
      const store = current();
      const { id, departedAt } = await departed(store);
      const before = Date.now();
      const result = await store.resubscribe(
        id,
        departedAt,
        { consent: { page: "/fr/services", noticeVersion: "2026-11-23" }, locale: "fr" },
        welcomeBack("amina@example.com"),
      );
      expect(result).toEqual({ outcome: "resubscribed", skipped: [] });
      const back = await store.getSubscription(id);
      expect(back).toMatchObject({
        status: "subscribed",
        unsubscribedAt: null,
        locale: "fr",
        consent: { page: "/fr/services", noticeVersion: "2026-11-23" },
      });
      expect(back?.consent.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect((await store.listSubscribers()).map((s) => s.id)).toEqual([id]);
      const mails = (await store.listMails()).filter((m) => m.message.subject === "Welcome back");
      expect(mails.map((m) => m.meta)).toEqual([
        { kind: "newsletter-welcome", subscriptionId: id },
      ]);

      // The same departure again: it is no longer unsubscribed, nothing is written.
      expect(await store.resubscribe(id, departedAt, {}, welcomeBack("amina@example.com"))).toEqual(
        { outcome: "stale" },
      );
      expect(
        (await store.listMails()).filter((m) => m.message.subject === "Welcome back"),
      ).toHaveLength(1);
    });

    it("a departure other than the stored one is stale: a millisecond off, or one before it left again", async () => {
      const store = current();
      const { id, departedAt } = await departed(store);
      const off = new Date(departedAt.getTime() + 1);
      expect(await store.resubscribe(id, off, {})).toEqual({ outcome: "stale" });
      expect((await store.getSubscription(id))?.status).toBe("unsubscribed");

      expect((await store.resubscribe(id, departedAt, {})).outcome).toBe("resubscribed");
      pastMillisecond(departedAt);
      expect(await store.unsubscribe(id)).toBe("unsubscribed");
      expect(await store.resubscribe(id, departedAt, {})).toEqual({ outcome: "stale" });
      expect((await store.getSubscription(id))?.status).toBe("unsubscribed");
    });

    it("a subscribed address is stale and an unknown id is unknown; neither writes anything", async () => {
      const store = current();
      const added = await store.addSubscription({ email: "on@example.com" });
      if (!added.created) throw new Error("expected a new subscription");
      const stored = await store.getSubscription(added.id);
      expect(await store.resubscribe(added.id, new Date(), {})).toEqual({ outcome: "stale" });
      expect(await store.getSubscription(added.id)).toEqual(stored);
      expect(await store.resubscribe("no-such-id", new Date(), {})).toEqual({ outcome: "unknown" });
      expect(await store.listMails()).toEqual([]);
    });

    it("is atomic: when its mails cannot be built, the address stays unsubscribed", async () => {
      const store = current();
      const { id, departedAt, left } = await departed(store);
      await expect(
        store.resubscribe(id, departedAt, {}, () => {
          throw new Error("template broken");
        }),
      ).rejects.toThrow("template broken");
      expect(await store.getSubscription(id)).toEqual(left);
    });
  });
}
