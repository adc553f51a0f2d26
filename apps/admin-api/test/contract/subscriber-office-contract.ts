import { beforeEach, describe, expect, it } from "vitest";
import type { Store, SubscriberRecord } from "../../src/ports/store.js";
import { createdId, mail } from "./contract-fixtures.js";

const staff = "colleague@firm.example";
const unsubscribedAudit = (target: string) => ({
  actor: staff,
  action: "subscriber.unsubscribed",
  target,
  details: { status: "unsubscribed" },
});
const confirmLink = (subscriptionId: string) => [
  mail(
    { to: "back@example.com", subject: "Confirm" },
    { kind: "newsletter-confirmation", subscriptionId },
  ),
];

/**
 * The newsletter's office (newsletter/port.ts SubscriberOfficeStore): the list with its filters and
 * keyset pages, the counts per office status, the export's batches, the weekly moves, and unsubscribing
 * by staff with its audit entry. Called from describeStoreContract on its fresh store.
 */
export function describeSubscriberOfficeContract(current: () => Store): void {
  let store: Store;
  beforeEach(() => {
    store = current();
  });

  /** subscribed, pending (left, then asked to come back: the link was queued), unsubscribed. */
  async function threeStates() {
    const subscribed = createdId(
      await store.addSubscription({ email: "stays@example.com", locale: "fr" }),
    );
    const pending = createdId(await store.addSubscription({ email: "back@example.com" }));
    await store.unsubscribe(pending);
    const again = await store.addSubscription({ email: "back@example.com" }, confirmLink);
    expect(again).toMatchObject({ created: false, reason: "departed" });
    const left = createdId(
      await store.addSubscription({
        email: "left@example.com",
        consent: { page: "/insights", noticeVersion: "2026-11" },
      }),
    );
    await store.unsubscribe(left);
    return { subscribed, pending, left };
  }

  const ids = (items: SubscriberRecord[]) => items.map((item) => item.id);

  describe("the office's subscribers", () => {
    it("maps each record to its office status and counts them; a status filter selects one", async () => {
      const { subscribed, pending, left } = await threeStates();
      const all = await store.listSubscriberPage({}, 10, null);
      const byId = new Map(all.items.map((item) => [item.id, item]));
      expect(byId.get(subscribed)).toMatchObject({ officeStatus: "subscribed", locale: "fr" });
      expect(byId.get(pending)?.officeStatus).toBe("pending");
      expect(byId.get(pending)?.confirmationSentAt).toBeInstanceOf(Date);
      expect(byId.get(left)).toMatchObject({
        officeStatus: "unsubscribed",
        unsubscribedBy: null,
        confirmationSentAt: null,
        consent: { page: "/insights", noticeVersion: "2026-11" },
      });
      expect(await store.countSubscribers({})).toEqual({
        subscribed: 1,
        pending: 1,
        unsubscribed: 1,
      });
      // The counts ignore the status filter (each tab counts under the others).
      expect(await store.countSubscribers({ status: "pending" })).toEqual({
        subscribed: 1,
        pending: 1,
        unsubscribed: 1,
      });
      for (const [status, id] of [
        ["subscribed", subscribed],
        ["pending", pending],
        ["unsubscribed", left],
      ] as const)
        expect(ids((await store.listSubscriberPage({ status }, 10, null)).items)).toEqual([id]);
    });

    it("filters by language, by a part of the address (any case) and by the day range; counts follow", async () => {
      const { subscribed, pending, left } = await threeStates();
      expect(ids((await store.listSubscriberPage({ locale: "fr" }, 10, null)).items)).toEqual([
        subscribed,
      ]);
      expect(
        ids((await store.listSubscriberPage({ locale: "en" }, 10, null)).items).sort(),
      ).toEqual([pending, left].sort());
      expect(ids((await store.listSubscriberPage({ q: "LEFT@" }, 10, null)).items)).toEqual([left]);
      expect(await store.countSubscribers({ q: "left@" })).toEqual({
        subscribed: 0,
        pending: 0,
        unsubscribed: 1,
      });
      expect(await store.countSubscribers({ locale: "en" })).toEqual({
        subscribed: 0,
        pending: 1,
        unsubscribed: 1,
      });
      const newest = (await store.listSubscriberPage({}, 10, null)).items;
      const last = newest.at(-1) as SubscriberRecord;
      expect((await store.listSubscriberPage({ before: last.createdAt }, 10, null)).items).toEqual(
        [],
      );
      const from = new Date(last.createdAt.getTime() - 60_000);
      expect(
        (await store.listSubscriberPage({ from, before: new Date(Date.now() + 60_000) }, 10, null))
          .items,
      ).toHaveLength(3);
      expect(await store.countSubscribers({ from: new Date(Date.now() + 60_000) })).toEqual({
        subscribed: 0,
        pending: 0,
        unsubscribed: 0,
      });
    });

    it("pages newest first by keyset, and the export reads every one in batches", async () => {
      for (let n = 0; n < 5; n += 1) await store.addSubscription({ email: `p${n}@example.com` });
      const first = await store.listSubscriberPage({}, 2, null);
      expect(first.items).toHaveLength(2);
      expect(first.next).not.toBeNull();
      const second = await store.listSubscriberPage({}, 2, first.next);
      const third = await store.listSubscriberPage({}, 2, second.next);
      expect(third.next).toBeNull();
      const paged = [...first.items, ...second.items, ...third.items];
      expect(new Set(ids(paged)).size).toBe(5);
      const times = paged.map((item) => item.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const batches: number[] = [];
      const exported: string[] = [];
      for await (const batch of store.eachSubscriber({}, 2)) {
        batches.push(batch.length);
        exported.push(...ids(batch));
      }
      expect(exported).toEqual(ids(paged));
      expect(batches).toEqual([2, 2, 1]);
    });

    it("staff unsubscribe a subscriber on request: recorded as theirs, audited once, 'already' after", async () => {
      const { subscribed } = await threeStates();
      const done = await store.unsubscribeByStaff(subscribed, staff, unsubscribedAudit(subscribed));
      expect(done?.outcome).toBe("unsubscribed");
      expect(done?.subscriber).toMatchObject({
        id: subscribed,
        status: "unsubscribed",
        officeStatus: "unsubscribed",
        unsubscribedBy: staff,
      });
      expect((await store.getSubscription(subscribed))?.status).toBe("unsubscribed");
      const again = await store.unsubscribeByStaff(
        subscribed,
        staff,
        unsubscribedAudit(subscribed),
      );
      expect(again?.outcome).toBe("already");
      const audits = (await store.listAudit(10)).filter(
        (entry) => entry.action === "subscriber.unsubscribed",
      );
      expect(audits.map((entry) => [entry.actor, entry.target])).toEqual([[staff, subscribed]]);
      expect(
        await store.unsubscribeByStaff("no-such-subscription", staff, unsubscribedAudit("x")),
      ).toBeNull();
    });

    it("staff unsubscribing a pending address makes its link to confirm stale", async () => {
      const { pending } = await threeStates();
      const departedAt = (await store.getSubscription(pending))?.unsubscribedAt as Date;
      const done = await store.unsubscribeByStaff(pending, staff, unsubscribedAudit(pending));
      expect(done?.subscriber).toMatchObject({
        officeStatus: "unsubscribed",
        confirmationSentAt: null,
      });
      expect(await store.resubscribe(pending, departedAt, {})).toEqual({ outcome: "stale" });
      expect((await store.getSubscription(pending))?.status).toBe("unsubscribed");
    });

    it("a confirmed return is subscribed again, no longer pending nor marked as staff's", async () => {
      const { pending } = await threeStates();
      const departedAt = (await store.getSubscription(pending))?.unsubscribedAt as Date;
      expect((await store.resubscribe(pending, departedAt, {})).outcome).toBe("resubscribed");
      expect(await store.countSubscribers({})).toEqual({
        subscribed: 2,
        pending: 0,
        unsubscribed: 1,
      });
      const back = (await store.listSubscriberPage({ status: "subscribed", q: "back@" }, 10, null))
        .items[0];
      expect(back).toMatchObject({ confirmationSentAt: null, unsubscribedBy: null });
    });

    it("counts the consents and departures in each range", async () => {
      const { subscribed } = await threeStates();
      const created = (await store.getSubscription(subscribed))?.createdAt as Date;
      const start = new Date(created.getTime() - 60 * 60_000);
      const end = new Date(Date.now() + 60 * 60_000);
      const [before, during] = await store.subscriberMoves([
        { start: new Date(start.getTime() - 7 * 86_400_000), end: start },
        { start, end },
      ]);
      expect(before).toEqual({ subscribed: 0, unsubscribed: 0 });
      // Three consents (the pending one's first subscription counts; its return is not confirmed) and
      // the two departures still standing.
      expect(during).toEqual({ subscribed: 3, unsubscribed: 2 });
    });
  });
}
