import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../../src/adapters/sqlite/sqlite-store.js";
import { operator, operatorHere } from "../helpers/process.js";

// The command runs in the test's process (operatorHere: what its own process runs before it exits),
// except where a test says "as a process", which runs src/cli/personal-data.ts as the image runs it.
const personalData = (args: string[], env: Record<string, string>) =>
  operatorHere("personal-data", args, env);

describe("operator command: site-personal-data", () => {
  let dir: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-api-personal-data-"));
    env = { DATA_DIR: join(dir, "data"), MAIL_DIR: join(dir, "mail") };
    const store = createSqliteStore({ file: join(dir, "data", "site.db") });
    const consent = { page: "/about", noticeVersion: "2026-11-23" };
    await store.addSubscription({ email: "amina@example.com", consent });
    await store.addSubscription({ email: "baraka@example.com", consent });
    await store.addContactWithMails(
      { name: "Amina", email: "Amina@example.com", subject: "Hi", description: "Call me", consent },
      (contactId) => [
        {
          message: { to: "Amina@example.com", subject: "Received", text: "t", html: "<p>t</p>" },
          meta: { kind: "contact-acknowledgement", contactId },
        },
      ],
    );
    await store.addCommentWithMails(
      { post: "a-post", name: "Amina", email: "AMINA@example.com", text: "Thank you", consent },
      () => [
        {
          message: { to: "inbox@firm.test", subject: "New comment", text: "t", html: "<p>t</p>" },
          meta: { kind: "comment-notification" },
        },
      ],
    );
    await store.close();
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("with arguments it does not take prints the usage and exits 2", async () => {
    const result = await personalData(["erase", "a@b.co", "c@d.co"], env);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^usage: site-personal-data export EMAIL/);
  });

  it("export prints everything held about the address as JSON (as a process)", () => {
    const result = operator("personal-data", ["export", "AMINA@example.com"], env);
    expect(result.status).toBe(0);
    const data = JSON.parse(result.stdout);
    expect(data.email).toBe("amina@example.com");
    expect(data.subscription).toMatchObject({ email: "amina@example.com", status: "subscribed" });
    expect(data.contacts).toHaveLength(1);
    expect(data.comments).toMatchObject([{ post: "a-post", text: "Thank you" }]);
    expect(data.mails).toHaveLength(2);
    expect(data.consents.map((consent: { source: string }) => consent.source).sort()).toEqual([
      "comment",
      "contact",
      "subscription",
    ]);
  });

  it("erase deletes it everywhere and prints the record, which holds no address", async () => {
    const erased = await personalData(["erase", "amina@example.com"], env);
    expect(erased.status).toBe(0);
    expect(JSON.parse(erased.stdout)).toMatchObject({
      deleted: { subscriptions: 1, contacts: 1, comments: 1, mails: 2 },
    });
    expect(erased.stdout).not.toContain("amina");
    const store = createSqliteStore({ file: join(dir, "data", "site.db") });
    try {
      expect(await store.findPersonalData("amina@example.com")).toEqual({
        subscription: null,
        contacts: [],
        comments: [],
        mails: [],
      });
      expect(await store.listErasures()).toHaveLength(1);
    } finally {
      await store.close();
    }
  });

  it("subscribers prints the subscribed as CSV email,name,attributes", async () => {
    const store = createSqliteStore({ file: join(dir, "data", "site.db") });
    const amina = await store.getSubscriptionByEmail("amina@example.com");
    await store.unsubscribe(amina?.id ?? "");
    await store.close();
    const csv = await personalData(["subscribers"], env);
    expect(csv.status).toBe(0);
    expect(csv.stdout.split("\r\n")).toEqual([
      "email,name,attributes",
      expect.stringMatching(/^baraka@example\.com,,"\{""subscribedAt"":/),
      "",
    ]);
  });

  it("erase finds the address however it was typed (non-ASCII capitals, decomposed accents)", async () => {
    const store = createSqliteStore({ file: join(dir, "data", "site.db") });
    await store.addSubscription({ email: "élodie@example.com" });
    const { id } = await store.addContactWithMails(
      { name: "Élodie", email: "ÉLODIE@Example.com", subject: "Hi", description: "Call me" },
      (contactId) => [
        {
          message: { to: "ÉLODIE@Example.com", subject: "Received", text: "t", html: "<p>t</p>" },
          meta: { kind: "contact-acknowledgement", contactId },
        },
      ],
    );
    await store.close();
    const erased = await personalData(["erase", "E\u0301lodie@example.com"], env);
    expect(erased.status).toBe(0);
    expect(JSON.parse(erased.stdout)).toMatchObject({
      deleted: { subscriptions: 1, contacts: 1, comments: 0, mails: 1 },
    });
    const after = createSqliteStore({ file: join(dir, "data", "site.db") });
    try {
      expect(await after.getContact(id)).toBeNull();
      expect(await after.getSubscriptionByEmail("élodie@example.com")).toBeNull();
    } finally {
      await after.close();
    }
  });

  it("subscribers writes a subscriber stored before the forms refused formula characters as text", async () => {
    const store = createSqliteStore({ file: join(dir, "data", "site.db") });
    await store.addSubscription({ email: "=1+2@example.com" });
    await store.close();
    const csv = await personalData(["subscribers"], env);
    expect(csv.status).toBe(0);
    const emails = csv.stdout
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.split(",")[0]);
    expect(emails).toEqual(["amina@example.com", "baraka@example.com", "'=1+2@example.com"]);
  });

  it("an address that is not one fails with one line and exit code 1", async () => {
    const result = await personalData(["export", "not-an-address"], env);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe("personal-data: not an email address: not-an-address\n");
  });
});
