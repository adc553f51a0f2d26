import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFirestoreStore } from "../../src/adapters/firestore/firestore-store.js";
import { createSqliteStore } from "../../src/adapters/sqlite/sqlite-store.js";
import type { AutomaticMailLimit, NewContact, NewMail, Store } from "../../src/ports/store.js";
import { testDataKey, testInbox } from "../helpers/app.js";
import { startFirestoreEmulator, type FirestoreEmulator } from "../helpers/firestore-emulator.js";

const hour = 60 * 60 * 1000;

/**
 * AutomaticMailLimit (ports/store.ts) as both stores must apply it: per recipient over a rolling 24 hours,
 * overall per UTC day, checked and counted in the same write as the contact, and a refused mail never
 * takes the contact or the firm's notification with it. The first refusal by the daily cap in a UTC day
 * queues the firm's notice, once, whichever store on the same data refuses.
 */
function describeMailLimits(
  name: string,
  makeStore: () => Promise<{
    store: Store;
    /** A second store on the same data over a connection of its own (a restart, another instance). */
    sibling(): Promise<Store>;
    cleanup(): Promise<void>;
  }>,
) {
  describe(`automatic mail limits: ${name}`, () => {
    let store: Store;
    let sibling: () => Promise<Store>;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ store, sibling, cleanup } = await makeStore());
    });
    afterEach(async () => {
      await cleanup();
    });

    const contact = (email: string): NewContact => ({
      name: "Amina",
      email,
      subject: "S",
      description: "D",
    });
    /** 10:00 UTC on a fixed day, so "the same UTC day" is unambiguous. */
    const morning = new Date("2026-11-23T10:00:00Z");
    const submit = (
      email: string,
      now: Date,
      limits: Partial<Pick<AutomaticMailLimit, "perRecipient" | "dailyCap">> = {},
      into: Store = store,
    ) =>
      into.addContactWithMails(contact(email), (contactId): NewMail[] => [
        {
          message: { to: email, subject: "Received", text: "t", html: "<p>t</p>" },
          meta: { kind: "contact-acknowledgement", contactId },
          limit: {
            recipientKey: testDataKey(email),
            perRecipient: limits.perRecipient ?? 3,
            dailyCap: limits.dailyCap ?? 200,
            now,
            dailyCapNotice: { inbox: testInbox },
          },
        },
        {
          message: {
            to: "inbox@firm.test",
            replyTo: email,
            subject: "New",
            text: "t",
            html: "<p>t</p>",
          },
          meta: { kind: "contact-notification", contactId },
        },
      ]);
    const acknowledgementsTo = async (email: string) =>
      (await store.listMails()).filter(
        (m) => m.meta.kind === "contact-acknowledgement" && m.message.to === email,
      ).length;

    it("queues three acknowledgements to one address in 24 hours; the fourth is skipped, its contact and notification kept", async () => {
      for (let i = 0; i < 3; i += 1) {
        const result = await submit("amina@example.com", new Date(morning.getTime() + i * hour));
        expect(result.skipped).toEqual([]);
      }
      const fourth = await submit("amina@example.com", new Date(morning.getTime() + 5 * hour));
      expect(fourth.skipped).toEqual([
        { kind: "contact-acknowledgement", to: "amina@example.com", reason: "recipient-limit" },
      ]);
      expect(await store.getContact(fourth.id)).not.toBeNull();
      const mails = await store.listMails({ contactId: fourth.id });
      expect(mails.map((m) => m.meta.kind)).toEqual(["contact-notification"]);
      expect(await acknowledgementsTo("amina@example.com")).toBe(3);
    });

    it("counts per address: another address still gets its acknowledgement", async () => {
      for (let i = 0; i < 4; i += 1) await submit("amina@example.com", morning);
      expect((await submit("otieno@example.com", morning)).skipped).toEqual([]);
      expect(await acknowledgementsTo("otieno@example.com")).toBe(1);
    });

    it("is a rolling 24 hours: a slot frees 24 hours after the mail that took it, and skipped mails take none", async () => {
      await submit("amina@example.com", morning);
      await submit("amina@example.com", new Date(morning.getTime() + 1 * hour));
      await submit("amina@example.com", new Date(morning.getTime() + 2 * hour));
      // Refused attempts across midnight UTC do not count.
      for (const at of [10, 14, 20, 23.9]) {
        const result = await submit("amina@example.com", new Date(morning.getTime() + at * hour));
        expect(result.skipped).toHaveLength(1);
      }
      const dayLater = await submit(
        "amina@example.com",
        new Date(morning.getTime() + 24 * hour + 1),
      );
      expect(dayLater.skipped).toEqual([]);
      const next = await submit("amina@example.com", new Date(morning.getTime() + 24 * hour + 2));
      expect(next.skipped).toHaveLength(1);
      expect(await acknowledgementsTo("amina@example.com")).toBe(4);
    });

    it("caps automatic mail in all per UTC day, whoever it is for, and starts afresh the next UTC day", async () => {
      const cap = { dailyCap: 2 };
      expect((await submit("a@example.com", morning, cap)).skipped).toEqual([]);
      expect((await submit("b@example.com", morning, cap)).skipped).toEqual([]);
      const third = await submit("c@example.com", new Date(morning.getTime() + 13 * hour), cap);
      expect(third.skipped).toEqual([
        { kind: "contact-acknowledgement", to: "c@example.com", reason: "daily-cap" },
      ]);
      expect(await store.listMails({ contactId: third.id })).toHaveLength(1);
      // 00:00:01 UTC the next day: a new day's count.
      const tomorrow = new Date("2026-11-24T00:00:01Z");
      expect((await submit("c@example.com", tomorrow, cap)).skipped).toEqual([]);
    });

    it("names the per-address limit first when both are reached", async () => {
      const tight = { perRecipient: 1, dailyCap: 1 };
      await submit("a@example.com", morning, tight);
      expect((await submit("a@example.com", morning, tight)).skipped[0]?.reason).toBe(
        "recipient-limit",
      );
      expect((await submit("b@example.com", morning, tight)).skipped[0]?.reason).toBe("daily-cap");
    });

    it("the first refusal by the daily cap queues the firm's notice once that UTC day, also when another store on the same data refuses; the next day again", async () => {
      const cap = { dailyCap: 1 };
      const notices = async () =>
        (await store.listMails()).filter((m) => m.meta.kind === "daily-cap-notification");
      expect((await submit("a@example.com", morning, cap)).skipped).toEqual([]);
      expect(await notices()).toEqual([]);
      const refused = await submit("b@example.com", new Date(morning.getTime() + hour), cap);
      expect(refused.skipped).toEqual([
        { kind: "contact-acknowledgement", to: "b@example.com", reason: "daily-cap" },
      ]);
      const [notice, ...more] = await notices();
      expect(more).toEqual([]);
      // Unlimited, to the firm, about no contact: the visitor's contact keeps only its notification.
      expect(notice?.message.to).toBe(testInbox);
      expect(notice?.message.subject).toBe("Daily cap on automatic mail reached (2026-11-23)");
      expect(notice?.meta).toEqual({ kind: "daily-cap-notification" });
      expect((await store.listMails({ contactId: refused.id })).map((m) => m.meta.kind)).toEqual([
        "contact-notification",
      ]);
      await submit("c@example.com", new Date(morning.getTime() + 2 * hour), cap);
      const other = await sibling();
      try {
        const elsewhere = await submit("d@example.com", morning, cap, other);
        expect(elsewhere.skipped[0]?.reason).toBe("daily-cap");
      } finally {
        await other.close();
      }
      expect(await notices()).toHaveLength(1);
      const tomorrow = new Date("2026-11-24T09:00:00Z");
      await submit("e@example.com", tomorrow, cap);
      expect((await submit("f@example.com", tomorrow, cap)).skipped[0]?.reason).toBe("daily-cap");
      expect((await notices()).map((m) => m.message.subject)).toEqual([
        "Daily cap on automatic mail reached (2026-11-23)",
        "Daily cap on automatic mail reached (2026-11-24)",
      ]);
    });

    it("a refusal by the per-recipient limit tells the firm nothing", async () => {
      const tight = { perRecipient: 1, dailyCap: 200 };
      await submit("a@example.com", morning, tight);
      expect((await submit("a@example.com", morning, tight)).skipped[0]?.reason).toBe(
        "recipient-limit",
      );
      expect(
        (await store.listMails()).filter((m) => m.meta.kind === "daily-cap-notification"),
      ).toEqual([]);
    });

    it("keys the count by the keyed hash given, so one address in other case is one recipient", async () => {
      const tight = { perRecipient: 1 };
      await submit("Amina@Example.com", morning, tight);
      expect(testDataKey("Amina@Example.com")).toBe(testDataKey(" amina@example.com"));
      expect((await submit("amina@example.com", morning, tight)).skipped).toHaveLength(1);
    });
  });
}

describeMailLimits("SQLite", async () => {
  const dir = await mkdtemp(join(tmpdir(), "admin-api-limits-"));
  const store = createSqliteStore({ file: join(dir, "site.db") });
  return {
    store,
    sibling: async () => createSqliteStore({ file: join(dir, "site.db") }),
    async cleanup() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

let emulator: FirestoreEmulator;
beforeAll(async () => {
  emulator = await startFirestoreEmulator();
});
afterAll(async () => {
  await emulator.stop();
});

// Contention is not tested here: the emulator neither locks nor retries contended transactions.
describeMailLimits("Firestore (emulator)", async () => {
  const { firestore, projectId, dispose } = emulator.connect("limits");
  const store = createFirestoreStore({ firestore, dataKey: testDataKey });
  const siblings: (() => Promise<void>)[] = [];
  return {
    store,
    async sibling() {
      const other = emulator.connectTo(projectId);
      siblings.push(other.dispose);
      return createFirestoreStore({ firestore: other.firestore, dataKey: testDataKey });
    },
    async cleanup() {
      await store.close();
      for (const disposeSibling of siblings) await disposeSibling();
      await dispose();
    },
  };
});
