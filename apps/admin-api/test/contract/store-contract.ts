import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeIdempotencyContract } from "./idempotency-contract.js";
import { describeCommentContract } from "./comment-contract.js";
import { describePersonalDataContract } from "./personal-data-contract.js";
import { describeSubscriptionContract } from "./subscription-contract.js";
import type { Store } from "../../src/ports/store.js";
import { describeContactContract } from "./contact-contract.js";
import { contact, contactMails, createdId } from "./contract-fixtures.js";
import { describeMailContract } from "./mail-contract.js";
import { describeNewsletterContract } from "./newsletter-contract.js";
import { describeOfficeContract } from "./office-contract.js";
import { describePeopleAuditContract } from "./people-audit-contract.js";
import { describeSubscriberOfficeContract } from "./subscriber-office-contract.js";
import { describeOutboxContract } from "./outbox-contract.js";

/**
 * The behaviour every Store adapter must show: each capability's contract (newsletter, contacts, mail,
 * personal data, idempotency, comments) and what spans them (languages, health), run in turn on a fresh
 * store. Each adapter's test file calls this with a factory that gives a fresh, empty store and a cleanup. Times are derived from the records' own createdAt,
 * so the suite does not depend on the store's clock agreeing with the test's to the millisecond.
 */
export function describeStoreContract(
  name: string,
  makeStore: () => Promise<{
    store: Store;
    /** A second store on the same data over a connection of its own (a second process, say). */
    sibling(): Promise<Store>;
    cleanup(): Promise<void>;
  }>,
): void {
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    let sibling: () => Promise<Store>;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      const made = await makeStore();
      store = made.store;
      sibling = made.sibling;
      cleanup = made.cleanup;
    });
    afterEach(async () => {
      await cleanup();
    });

    describeNewsletterContract(() => store);

    describe("the language of a submission", () => {
      it("a contact, a subscription and a comment keep the language they were sent in; none said is English", async () => {
        const french = await store.addContactWithMails(contact({ locale: "fr" }), contactMails);
        const english = await store.addContactWithMails(contact(), contactMails);
        expect((await store.getContact(french.id))?.locale).toBe("fr");
        expect((await store.getContact(english.id))?.locale).toBe("en");

        await store.addSubscription({ email: "juma@example.com", locale: "sw" });
        await store.addSubscription({ email: "amina@example.com" });
        expect((await store.getSubscriptionByEmail("juma@example.com"))?.locale).toBe("sw");
        expect((await store.getSubscriptionByEmail("amina@example.com"))?.locale).toBe("en");

        const comment = await store.addCommentWithMails(
          {
            post: "what-afcfta-changes",
            name: "Awino",
            email: "awino@example.com",
            text: "Asante.",
            locale: "sw",
          },
          () => [],
        );
        expect((await store.getComment(comment.id))?.locale).toBe("sw");
        const personal = await store.findPersonalData("wanjiku@example.com");
        expect(personal.contacts.map((record) => record.locale).sort()).toEqual(["en", "fr"]);
      });

      it("a duplicate or departed subscription keeps its language; one that comes back takes the new one", async () => {
        const id = createdId(
          await store.addSubscription({ email: "juma@example.com", locale: "sw" }),
        );
        await store.addSubscription({ email: "juma@example.com", locale: "fr" });
        expect((await store.getSubscriptionByEmail("juma@example.com"))?.locale).toBe("sw");
        await store.unsubscribe(id);
        await store.addSubscription({ email: "juma@example.com", locale: "fr" });
        expect((await store.getSubscription(id))?.locale).toBe("sw");
        const left = async () => (await store.getSubscription(id))?.unsubscribedAt ?? new Date(0);
        await store.resubscribe(id, await left(), { locale: "fr" });
        expect(await store.getSubscription(id)).toMatchObject({
          status: "subscribed",
          locale: "fr",
        });
        await store.unsubscribe(id);
        await store.resubscribe(id, await left(), {});
        expect(await store.getSubscription(id)).toMatchObject({
          status: "subscribed",
          locale: "en",
        });
      });
    });

    describeContactContract(() => store);
    describeMailContract(
      () => store,
      () => sibling(),
    );

    describe("health", () => {
      it("ping answers while open and fails once closed", async () => {
        await expect(store.ping()).resolves.toBeUndefined();
        await store.close();
        await expect(store.ping()).rejects.toThrow();
        // Closing twice (shutdown after a failed start, say) is harmless.
        await expect(store.close()).resolves.toBeUndefined();
      });
    });

    describePersonalDataContract(() => store);
    describeIdempotencyContract(
      () => store,
      () => sibling(),
    );
    describeCommentContract(() => store);
    describeSubscriptionContract(() => store);
    describeOfficeContract(() => store);
    describePeopleAuditContract(() => store);
    describeSubscriberOfficeContract(() => store);
    describeOutboxContract(() => store);
  });
}
