import { beforeEach, describe, expect, it } from "vitest";
import type { Store } from "../../src/ports/store.js";
import { createdId } from "./contract-fixtures.js";

/**
 * The newsletter capability's store contract for new addresses (subscription-contract.ts: those that had
 * unsubscribed). Called from describeStoreContract, on its fresh store per test.
 */
export function describeNewsletterContract(current: () => Store): void {
  describe("subscriptions", () => {
    let store: Store;
    beforeEach(() => {
      store = current();
    });

    it("a new email is stored as subscribed with server timestamps", async () => {
      const before = Date.now();
      const id = createdId(await store.addSubscription({ email: "amina@example.com" }));
      const stored = await store.getSubscriptionByEmail("amina@example.com");
      expect(stored).toMatchObject({ id, email: "amina@example.com", status: "subscribed" });
      expect(stored?.createdAt).toBeInstanceOf(Date);
      expect(stored?.updatedAt).toBeInstanceOf(Date);
      // Allow for a store whose server clock is a little off ours.
      expect(Math.abs((stored?.createdAt.getTime() ?? 0) - before)).toBeLessThan(60_000);
    });

    it("the same email a second time answers duplicate and keeps the first record", async () => {
      const firstId = createdId(await store.addSubscription({ email: "amina@example.com" }));
      const second = await store.addSubscription({ email: "amina@example.com" });
      expect(second).toEqual({ created: false, reason: "duplicate" });
      expect((await store.getSubscriptionByEmail("amina@example.com"))?.id).toBe(firstId);
    });

    it("50 concurrent subscriptions of one new email store exactly one", async () => {
      const results = await Promise.all(
        Array.from({ length: 50 }, () => store.addSubscription({ email: "race@example.com" })),
      );
      const created = results.filter((result) => result.created);
      expect(created).toHaveLength(1);
      expect(results.filter((result) => !result.created)).toHaveLength(49);
      const stored = await store.getSubscriptionByEmail("race@example.com");
      expect(stored?.id).toBe(createdId(created[0]));
    });

    it("different emails are independent subscriptions", async () => {
      const a = createdId(await store.addSubscription({ email: "a@example.com" }));
      const b = createdId(await store.addSubscription({ email: "b@example.com" }));
      expect(a).not.toBe(b);
      expect((await store.getSubscriptionByEmail("b@example.com"))?.id).toBe(b);
    });

    it("an unknown email reads back as null", async () => {
      expect(await store.getSubscriptionByEmail("nobody@example.com")).toBeNull();
    });
  });
}
