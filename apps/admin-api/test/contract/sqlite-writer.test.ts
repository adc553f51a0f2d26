import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore, type SqliteStore } from "../../src/adapters/sqlite/sqlite-store.js";
import { startWriterThread } from "../../src/adapters/sqlite/writer.js";
import type { NewMail } from "../../src/ports/store.js";
import { contact, contactMails, createdId } from "./contract-fixtures.js";

/**
 * The writer (adapters/sqlite/writer.ts): on a database file, the submissions' writes run on a thread of
 * their own with its own connection, so the event loop goes on while a batch waits or is written; the
 * mails are composed on this side, before the write, for what the write will find.
 */
describe("SQLite writer thread", () => {
  let dir: string;
  let file: string;
  let store: SqliteStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-api-writer-"));
    file = join(dir, "site.db");
    store = createSqliteStore({ file });
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const mailKindsOf = async (subscriptionId: string) =>
    (await store.listMails())
      .filter((mail) => mail.meta.subscriptionId === subscriptionId)
      .map((mail) => mail.meta.kind);

  it("a write waiting for the database's write lock leaves the event loop free: timers fire, reads answer", async () => {
    const first = await store.addContactWithMails(
      contact({ email: "first@example.com" }),
      contactMails,
    );
    // Another connection (an operator's shell, a second process) holds the write lock.
    const operator = new Database(file);
    operator.exec("BEGIN IMMEDIATE");
    let settled = false;
    const waiting = store
      .addContactWithMails(contact({ email: "second@example.com" }), contactMails)
      .finally(() => {
        settled = true;
      });
    // A write on this thread would block it here until its busy timeout (5 s) ran out.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    expect((await store.getContact(first.id))?.email).toBe("first@example.com");
    await store.ping();
    operator.exec("COMMIT");
    operator.close();
    const second = await waiting;
    expect((await store.getContact(second.id))?.email).toBe("second@example.com");
  });

  it("a write holding what cannot cross to the thread fails alone; the writes beside it are stored", async () => {
    const [before, odd, after] = await Promise.allSettled([
      store.addContactWithMails(contact({ email: "before@example.com" }), contactMails),
      store.addContactWithMails(
        contact({ email: "odd@example.com" }),
        (contactId) =>
          [
            {
              ...contactMails(contactId)[0],
              meta: { kind: "contact-notification", compose: () => "" },
            },
          ] as unknown as NewMail[],
      ),
      store.addContactWithMails(contact({ email: "after@example.com" }), contactMails),
    ]);
    expect(odd.status === "rejected" && String(odd.reason)).toMatch(/could not be cloned/);
    for (const result of [before, after]) {
      expect(result.status).toBe("fulfilled");
      if (result.status === "fulfilled")
        expect(await store.getContact(result.value.id)).not.toBeNull();
    }
    await store.ping();
  });

  it("a subscription's mails are composed again when its row changed between the read and the write", async () => {
    const id = createdId(await store.addSubscription({ email: "amina@example.com" }));
    await store.unsubscribe(id);
    const unsubscribedAt = (await store.getSubscription(id))?.unsubscribedAt;
    const departures: (Date | null)[] = [];
    const welcome = (
      subscriptionId: string,
      { departedAt }: { departedAt: Date | null },
    ): NewMail[] => {
      departures.push(departedAt);
      if (departures.length === 2) {
        // After the read, before the write: the address unsubscribes through another connection.
        const other = new Database(file);
        other
          .prepare(
            "UPDATE subscriptions SET status = 'unsubscribed', unsubscribed_at = ? WHERE id = ?",
          )
          .run(Date.UTC(2026, 10, 20), id);
        other.close();
      }
      return [
        {
          message: { to: "amina@example.com", subject: "Welcome", text: "t", html: "<p>t</p>" },
          meta: {
            kind: departedAt === null ? "newsletter-welcome" : "newsletter-confirmation",
            subscriptionId,
          },
        },
      ];
    };
    const result = await store.addSubscription({ email: "amina@example.com" }, welcome);
    // Composed first for a new address (nothing is read on this thread before the first write), then
    // for the departure the read found, then again for the one the write found.
    expect(departures).toEqual([null, unsubscribedAt, new Date(Date.UTC(2026, 10, 20))]);
    expect(result).toMatchObject({ created: false, reason: "departed", id });
    expect(await mailKindsOf(id)).toEqual(["newsletter-confirmation"]);
  });

  it("a new address that another write takes first is composed again as the address it became", async () => {
    const kinds: string[] = [];
    const mails = (
      subscriptionId: string,
      { departedAt }: { departedAt: Date | null },
    ): NewMail[] => {
      if (kinds.length === 0) {
        // Before the first write, which takes the address for new: another process subscribes it, and it
        // leaves again.
        const other = new Database(file);
        other
          .prepare(
            `INSERT INTO subscriptions (id, email, status, created_at, updated_at, unsubscribed_at, locale)
             VALUES ('taken', 'otieno@example.com', 'unsubscribed', 1, 1, 2, 'en')`,
          )
          .run();
        other.close();
      }
      kinds.push(departedAt === null ? "new" : "departed");
      return [
        {
          message: { to: "otieno@example.com", subject: "Hello", text: "t", html: "<p>t</p>" },
          meta: { kind: departedAt === null ? "newsletter-welcome" : "newsletter-confirmation" },
        },
      ];
    };
    const result = await store.addSubscription({ email: "otieno@example.com" }, mails);
    expect(kinds).toEqual(["new", "departed"]);
    expect(result).toMatchObject({ created: false, reason: "departed", id: "taken" });
    expect(await mailKindsOf("taken")).toEqual(["newsletter-confirmation"]);
  });

  it("a writer thread that stops refuses every write with the reason, later ones too, and fails the check", async () => {
    // Its connection cannot open (the file is not there), so the thread ends as it starts.
    const writer = startWriterThread({ file: join(dir, "gone", "site.db"), autocheckpoint: false });
    const first = writer.run("unsubscribe", { id: "x", at: Date.now() });
    await expect(first).rejects.toThrow(
      /writer thread stopped: Cannot open database because the directory does not exist; writes are refused until a restart\./,
    );
    expect(() => writer.check()).toThrow(/writer thread stopped/);
    await expect(writer.run("unsubscribe", { id: "y", at: Date.now() })).rejects.toThrow(
      /writer thread stopped/,
    );
    await writer.close();
  });
});
