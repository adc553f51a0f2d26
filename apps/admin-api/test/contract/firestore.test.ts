import { createHash, createHmac } from "node:crypto";
import { Timestamp, type Firestore } from "firebase-admin/firestore";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFirestoreStore } from "../../src/adapters/firestore/firestore-store.js";
import { hmac, purposeKey } from "../../src/common/signed-tokens.js";
import { testDataKey, testSecret } from "../helpers/app.js";
import type { NewMail, Store } from "../../src/ports/store.js";
import { startFirestoreEmulator, type FirestoreEmulator } from "../helpers/firestore-emulator.js";
import { describeStoreContract } from "./store-contract.js";

let emulator: FirestoreEmulator;
beforeAll(async () => {
  emulator = await startFirestoreEmulator();
});
afterAll(async () => {
  await emulator.stop();
});

// Each store gets a project of its own on the one emulator: isolation without deleting documents.
// The contract's "two stores claiming at the same time" runs here on two clients of one project. The
// emulator neither locks nor retries contended transactions, so what decides that race here is the
// claim's lock document (create() fails on an existing id, which the emulator does enforce); on real
// Firestore the transaction decides it first. Contended fenced marks are not tested against it.
describeStoreContract("Firestore (emulator)", async () => {
  const { firestore, projectId, dispose } = emulator.connect("contract");
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

/** What the contract cannot see: the stored documents themselves, read with the raw client. */
describe("Firestore adapter: stored documents", () => {
  let firestore: Firestore;
  let store: Store;
  let dispose: () => Promise<void>;

  beforeEach(() => {
    const connection = emulator.connect("documents");
    firestore = connection.firestore;
    dispose = connection.dispose;
    store = createFirestoreStore({ firestore, dataKey: testDataKey });
  });
  afterEach(async () => {
    await store.close();
    await dispose();
  });

  const raw = async (collection: string, id: string) =>
    (await firestore.collection(collection).doc(id).get()).data();
  const adminMail: NewMail = {
    message: { to: "ops@example.com", subject: "Report", text: "Report", html: "<p>Report</p>" },
    meta: { kind: "admin" },
  };

  it("a subscription's document id is the keyed hash (HMAC under the data key's own purpose key, never a bare hash) of the email and holds the spec's four fields and the consent", async () => {
    const result = await store.addSubscription({
      email: "amina@example.com",
      consent: { page: "/about", noticeVersion: "2026-11-23" },
    });
    const id = testDataKey("amina@example.com");
    expect(id).toBe(
      hmac(purposeKey(testSecret, "address-key/v1"), "amina@example.com").toString("hex"),
    );
    expect(id).not.toBe(createHash("sha256").update("amina@example.com").digest("hex"));
    // Not the raw secret's HMAC any more (that names only subscriptions stored before: see below).
    expect(id).not.toBe(createHmac("sha256", testSecret).update("amina@example.com").digest("hex"));
    expect(result).toEqual({ created: true, id, skipped: [] });

    const doc = await raw("subscriptions", id);
    expect(Object.keys(doc ?? {}).sort()).toEqual([
      "consentAt",
      "consentNoticeVersion",
      "consentPage",
      "createdAt",
      "email",
      "status",
      "unsubscribedAt",
      "updatedAt",
    ]);
    expect(doc).toMatchObject({
      email: "amina@example.com",
      status: "subscribed",
      consentPage: "/about",
      consentNoticeVersion: "2026-11-23",
      unsubscribedAt: null,
    });
    expect((doc?.consentAt as Timestamp).isEqual(doc?.createdAt as Timestamp)).toBe(true);
    expect(doc?.createdAt).toBeInstanceOf(Timestamp);
    expect((doc?.updatedAt as Timestamp).isEqual(doc?.createdAt as Timestamp)).toBe(true);
  });

  it("a contact's and a mail's address keys are the address's emailKey (NFC, lower-cased), the address kept as typed", async () => {
    const typed = "E\u0301LODIE@Example.com";
    const { id } = await store.addContactWithMails(
      { name: "Élodie", email: typed, subject: "Audit", description: "Governance audit" },
      (contactId) => [
        {
          message: {
            to: "inbox@example.com",
            replyTo: typed,
            subject: "New",
            text: "t",
            html: "t",
          },
          meta: { kind: "contact-notification", contactId },
        },
      ],
    );
    expect(await raw("contacts", id)).toMatchObject({
      email: typed,
      emailKey: "élodie@example.com",
    });
    const [notification] = await store.listMails({ contactId: id });
    expect(await raw("mail", notification?.id ?? "")).toMatchObject({
      replyTo: typed,
      replyToKey: "élodie@example.com",
      toKey: "inbox@example.com",
    });
  });

  it("a contact without a phone is stored without a phone field, with status new and server timestamps", async () => {
    const { id } = await store.addContactWithMails(
      {
        name: "Otieno",
        email: "otieno@example.com",
        subject: "Audit",
        description: "Governance audit",
      },
      () => [],
    );
    const doc = await raw("contacts", id);
    expect(Object.keys(doc ?? {}).sort()).toEqual([
      "consentNoticeVersion",
      "consentPage",
      "createdAt",
      "description",
      "email",
      "emailKey",
      "name",
      "status",
      "subject",
      "updatedAt",
    ]);
    expect(doc?.status).toBe("new");
    expect(doc?.createdAt).toBeInstanceOf(Timestamp);
    expect(doc?.updatedAt).toBeInstanceOf(Timestamp);
  });

  it("a queued mail has the Trigger Email extension's shape plus our own fields", async () => {
    const { id } = await store.queueMail({
      message: { ...adminMail.message, replyTo: "reply@example.com" },
      meta: { kind: "contact-notification", contactId: "c-1" },
    });
    const doc = await raw("mail", id);
    expect(doc).toMatchObject({
      to: "ops@example.com",
      replyTo: "reply@example.com",
      message: { subject: "Report", text: "Report", html: "<p>Report</p>" },
      delivery: {
        state: "PENDING",
        attempts: 0,
        startTime: null,
        endTime: null,
        error: null,
        leaseExpireTime: null,
        info: { messageId: null },
      },
      meta: { kind: "contact-notification", contactId: "c-1" },
      state: "PENDING",
      contactId: "c-1",
    });
    const createdAt = doc?.createdAt as Timestamp;
    expect(createdAt).toBeInstanceOf(Timestamp);
    expect((doc?.nextAttemptAt as Timestamp).isEqual(createdAt)).toBe(true);
    expect((doc?.dueAt as Timestamp).isEqual(createdAt)).toBe(true);
  });

  it("the top-level query copies follow every delivery transition", async () => {
    const { id } = await store.queueMail(adminMail);
    const queued = await store.getMail(id);
    if (!queued) throw new Error("queued mail not found");
    const copies = async () => {
      const doc = await raw("mail", id);
      const delivery = doc?.delivery as { state: string; leaseExpireTime: Timestamp | null };
      return {
        state: doc?.state,
        deliveryState: delivery.state,
        dueAt: (doc?.dueAt as Timestamp | null)?.toMillis() ?? null,
      };
    };
    const now = new Date(queued.createdAt.getTime() + 1_000);
    const lease = new Date(now.getTime() + 60_000);

    const [first] = await store.claimDueMails(now, lease, 1);
    if (!first) throw new Error("not claimed");
    expect(await copies()).toEqual({
      state: "PROCESSING",
      deliveryState: "PROCESSING",
      dueAt: lease.getTime(),
    });

    const retryAt = new Date(now.getTime() + 30_000);
    await store.markMailFailed(first, now, "421 busy", { final: false, nextAttemptAt: retryAt });
    expect(await copies()).toEqual({
      state: "PENDING",
      deliveryState: "PENDING",
      dueAt: retryAt.getTime(),
    });

    const [second] = await store.claimDueMails(retryAt, new Date(retryAt.getTime() + 60_000), 1);
    if (!second) throw new Error("not claimed");
    await store.markMailFailed(second, retryAt, "550 gone", {
      final: true,
      nextAttemptAt: retryAt,
    });
    expect(await copies()).toEqual({ state: "ERROR", deliveryState: "ERROR", dueAt: null });

    const operatorRetry = new Date(retryAt.getTime() + 5_000);
    expect(await store.retryMail(id, operatorRetry)).toBe(true);
    expect(await copies()).toEqual({
      state: "PENDING",
      deliveryState: "PENDING",
      dueAt: operatorRetry.getTime(),
    });

    const [third] = await store.claimDueMails(
      operatorRetry,
      new Date(operatorRetry.getTime() + 60_000),
      1,
    );
    if (!third) throw new Error("not claimed");
    await store.markMailSent(third, operatorRetry, "<id@smtp.example>");
    expect(await copies()).toEqual({ state: "SUCCESS", deliveryState: "SUCCESS", dueAt: null });
    expect((await raw("mail", id))?.delivery).toMatchObject({
      info: { messageId: "<id@smtp.example>" },
      attempts: 1,
    });
  });

  it("ids Firestore would read as paths or reserve answer not found instead of throwing", async () => {
    for (const id of ["", "a/b", "__reserved__", ".", ".."]) {
      expect(await store.getContact(id)).toBeNull();
      expect(await store.getMail(id)).toBeNull();
      expect(await store.retryMail(id, new Date())).toBe(false);
    }
  });

  it("marking an unknown mail answers false and creates nothing, as an update matching no row is in SQLite", async () => {
    const missing = { id: "missing", claimToken: "t" };
    expect(await store.markMailSent(missing, new Date(), null)).toBe(false);
    expect(
      await store.markMailFailed(missing, new Date(), "x", {
        final: false,
        nextAttemptAt: new Date(),
      }),
    ).toBe(false);
    expect(await store.renewMailLease(missing, new Date())).toBe(false);
    expect(await raw("mail", "missing")).toBeUndefined();
  });

  it("each claim creates its lock document <mail id>-<claim number>, and the mail stores the token", async () => {
    const { id } = await store.queueMail(adminMail);
    const queued = await store.getMail(id);
    if (!queued) throw new Error("queued mail not found");
    const now = new Date(queued.createdAt.getTime() + 1_000);
    const [claim] = await store.claimDueMails(now, new Date(now.getTime() + 10_000), 1);
    const later = new Date(now.getTime() + 10_000);
    const [again] = await store.claimDueMails(later, new Date(later.getTime() + 10_000), 1);
    expect(await raw("mail", id)).toMatchObject({ claimToken: again?.claimToken, claimCount: 2 });
    expect(await raw("mailClaims", `${id}-1`)).toMatchObject({
      mailId: id,
      claimToken: claim?.claimToken,
    });
    expect(await raw("mailClaims", `${id}-2`)).toMatchObject({
      mailId: id,
      claimToken: again?.claimToken,
    });
    expect((await raw("mailClaims", `${id}-2`))?.expireAt).toBeInstanceOf(Timestamp);
  });

  it("a claim whose lock document already exists (another worker won the race) claims nothing and writes nothing", async () => {
    const { id } = await store.queueMail(adminMail);
    const queued = await store.getMail(id);
    if (!queued) throw new Error("queued mail not found");
    // What the winner of a race left behind, as seen by a loser that read the mail before the win.
    await firestore.collection("mailClaims").doc(`${id}-1`).create({ mailId: id });
    const now = new Date(queued.createdAt.getTime() + 1_000);
    expect(await store.claimDueMails(now, new Date(now.getTime() + 10_000), 10)).toEqual([]);
    expect(await raw("mail", id)).toMatchObject({ state: "PENDING", claimToken: null });
  });

  it("a malformed mail document is set aside as ERROR with the reason and never stalls the mail behind it", async () => {
    const due = Timestamp.fromMillis(Date.now() - 60_000);
    // Hand-written: due first, in the worker's query, but with no recipient and no html.
    await firestore
      .collection("mail")
      .doc("hand-written")
      .set({
        message: { subject: "s", text: "t" },
        delivery: { state: "PENDING", attempts: 0 },
        state: "PENDING",
        dueAt: due,
        createdAt: due,
        nextAttemptAt: due,
      });
    const { id } = await store.queueMail(adminMail);
    const queued = await store.getMail(id);
    if (!queued) throw new Error("queued mail not found");
    const now = new Date(queued.createdAt.getTime() + 1_000);

    const claimed = await store.claimDueMails(now, new Date(now.getTime() + 10_000), 10);
    expect(claimed.map((m) => m.id)).toEqual([id]);
    const bad = await raw("mail", "hand-written");
    expect(bad).toMatchObject({ state: "ERROR", dueAt: null, delivery: { state: "ERROR" } });
    const reason = (bad?.delivery as { error: string }).error;
    expect(reason).toMatch(/^malformed document: /);
    expect(reason).toContain("to missing");
    expect(reason).toContain("message.html missing");
    // Out of the claim query for good, counted as failed, left out of listings (it is not a mail).
    expect(await store.claimDueMails(now, new Date(now.getTime() + 10_000), 10)).toEqual([]);
    expect(await store.outboxStats(now)).toMatchObject({ pending: 1, failed: 1 });
    expect((await store.listMails()).map((m) => m.id)).toEqual([id]);
  });

  it("a mail document not in the expected shape fails loudly instead of being half-read", async () => {
    await firestore
      .collection("mail")
      .doc("foreign")
      .set({ to: "x@example.com", message: { subject: "s" } });
    await expect(store.getMail("foreign")).rejects.toThrow(/delivery/);
  });

  it("every call after close fails fast rather than waiting on the terminated client", async () => {
    await store.close();
    await expect(store.listMails()).rejects.toThrow("closed");
    await expect(store.addSubscription({ email: "late@example.com" })).rejects.toThrow("closed");
  });
});

/**
 * Subscriptions stored before the data key had a purpose key of its own are named by the legacy key
 * (HMAC under the raw secret of the address trimmed and lower-cased, without NFC). They keep their ids
 * (the unsubscribe links already mailed sign them) and are found wherever the current id is looked for.
 */
describe("Firestore adapter: subscriptions stored under the legacy key", () => {
  let firestore: Firestore;
  let store: Store;
  let dispose: () => Promise<void>;

  beforeEach(() => {
    const connection = emulator.connect("legacy");
    firestore = connection.firestore;
    dispose = connection.dispose;
    store = createFirestoreStore({ firestore, dataKey: testDataKey });
  });
  afterEach(async () => {
    await store.close();
    await dispose();
  });

  /** A subscription document as the release before wrote it: id and email as it keyed them. */
  const legacySubscription = async (
    email: string,
    status: "subscribed" | "unsubscribed" = "subscribed",
  ) => {
    const id = createHmac("sha256", testSecret).update(email, "utf8").digest("hex");
    const at = Timestamp.fromMillis(Date.now() - 60_000);
    await firestore
      .collection("subscriptions")
      .doc(id)
      .create({
        email,
        status,
        createdAt: at,
        updatedAt: at,
        unsubscribedAt: status === "unsubscribed" ? at : null,
        consentAt: at,
        consentPage: "/",
        consentNoticeVersion: "2026-11-23",
      });
    return id;
  };
  const docIds = async () =>
    (await firestore.collection("subscriptions").get()).docs.map((doc) => doc.id).sort();
  const raw = async (id: string) =>
    (await firestore.collection("subscriptions").doc(id).get()).data() ?? {};

  it("the legacy id is what the release before used, and differs from the current one", async () => {
    const id = await legacySubscription("amina@example.com");
    expect(testDataKey.legacy(" Amina@Example.com")).toBe(id);
    expect(testDataKey("amina@example.com")).not.toBe(id);
  });

  it("is found by address, stays the one subscription (a second is a duplicate), and no document is added", async () => {
    const id = await legacySubscription("amina@example.com");
    expect((await store.getSubscriptionByEmail("Amina@Example.com"))?.id).toBe(id);
    expect(await store.addSubscription({ email: "amina@example.com" })).toEqual({
      created: false,
      reason: "duplicate",
    });
    expect(await docIds()).toEqual([id]);
  });

  /** A mail of the subscription, as the newsletter's mails are composed for it. */
  const mailFor = (subscriptionId: string): NewMail[] => [
    {
      message: { to: "amina@example.com", subject: "Newsletter", text: "t", html: "t" },
      meta: { kind: "newsletter-welcome", subscriptionId },
    },
  ];

  it("unsubscribes by its id (the mailed link), is known as departed, and comes back under the same id", async () => {
    const id = await legacySubscription("amina@example.com");
    expect(await store.unsubscribe(id)).toBe("unsubscribed");
    expect(await store.addSubscription({ email: "Amina@example.com" }, mailFor)).toEqual({
      created: false,
      reason: "departed",
      id,
      skipped: [],
    });
    const left = (await store.getSubscription(id))?.unsubscribedAt ?? new Date(0);
    expect(await store.resubscribe(id, left, {}, mailFor)).toEqual({
      outcome: "resubscribed",
      skipped: [],
    });
    const mails = await store.listMails();
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.meta.subscriptionId)).toEqual([id, id]);
    expect(await docIds()).toEqual([id]);
    expect((await store.getSubscription(id))?.status).toBe("subscribed");
  });

  it("one stored decomposed (before keys were NFC) is found by the composed address and keyed when it comes back", async () => {
    const decomposed = "e\u0301lodie@example.com";
    const id = await legacySubscription(decomposed, "unsubscribed");
    expect((await store.getSubscriptionByEmail("ÉLODIE@example.com"))?.id).toBe(id);
    expect(await store.addSubscription({ email: "élodie@example.com" })).toMatchObject({
      created: false,
      reason: "departed",
      id,
    });
    const left = (await store.getSubscription(id))?.unsubscribedAt ?? new Date(0);
    expect((await store.resubscribe(id, left, {})).outcome).toBe("resubscribed");
    expect((await store.getSubscription(id))?.email).toBe("élodie@example.com");
    expect(await docIds()).toEqual([id]);
  });

  it("export finds it and erasure removes it, with a current one beside it and both's mails", async () => {
    const decomposed = "e\u0301lodie@example.com";
    const legacy = await legacySubscription(decomposed, "unsubscribed");
    // One under the current id beside it (two instances of two releases during a rolling update).
    await firestore
      .collection("subscriptions")
      .doc(testDataKey("élodie@example.com"))
      .create({ ...(await raw(legacy)), email: "élodie@example.com", status: "subscribed" });
    const currentId = testDataKey("élodie@example.com");
    await store.queueMail({
      message: { to: "inbox@example.com", subject: "About", text: "t", html: "t" },
      meta: { kind: "admin", subscriptionId: legacy },
    });
    // A contact and a mail whose keys the release before wrote without NFC.
    const { id: contactId } = await store.addContactWithMails(
      { name: "Élodie", email: decomposed, subject: "S", description: "D" },
      () => [],
    );
    await firestore.collection("contacts").doc(contactId).update({ emailKey: decomposed });
    const { id: mailId } = await store.queueMail({
      message: { to: decomposed, subject: "Old", text: "t", html: "t" },
      meta: { kind: "admin" },
    });
    await firestore.collection("mail").doc(mailId).update({ toKey: decomposed });

    const data = await store.findPersonalData("élodie@example.com");
    expect(data.subscription?.id).toBe(currentId);
    expect(data.contacts.map((c) => c.id)).toEqual([contactId]);
    expect(data.mails).toHaveLength(2);

    const erasure = await store.erasePersonalData("ÉLODIE@example.com", { addressHash: "h" });
    expect(erasure.deleted).toEqual({ subscriptions: 2, contacts: 1, comments: 0, mails: 2 });
    expect(await docIds()).toEqual([]);
    expect(await store.listMails()).toEqual([]);
  });
});
