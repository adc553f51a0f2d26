import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "@site/shared/blog/posts";
import {
  commentDecisionsAnswerSchema,
  commentsApi,
  commentsPageSchema,
  officeMessages,
  type CommentAction,
} from "@site/shared/office";
import type { Locale } from "@site/shared/i18n";
import { createFirestoreStore } from "../../src/adapters/firestore/firestore-store.js";
import { createModerationLinks } from "../../src/comments/moderation-links.js";
import { createApp } from "../../src/app.js";
import { createServices } from "../../src/services.js";
import type { Store } from "../../src/ports/store.js";
import { makeTestApp, testDataKey, testIdentity, testSecret } from "../helpers/app.js";
import { startFirestoreEmulator, type FirestoreEmulator } from "../helpers/firestore-emulator.js";
import { officeAgent, signInAs, type OfficeSession } from "../helpers/office-session.js";
import { siteWithPostPage } from "../helpers/post-site.js";

const owner = "owner@firm.test";
const colleague = "colleague@firm.test";
const post = blogPosts[0]!;

/**
 * The comment queue through HTTP on the Firestore store (the emulator): the journey the SQLite file's
 * tests cover route by route, once, so the API's answers are the same on both stores.
 */
let emulator: FirestoreEmulator;
let sqlite: Awaited<ReturnType<typeof makeTestApp>>;
let store: Store;
let dispose: () => Promise<void>;
let app: ReturnType<typeof createApp>;
let ownerSession: OfficeSession;
let staffSession: OfficeSession;

beforeAll(async () => {
  emulator = await startFirestoreEmulator();
  const connection = emulator.connect("office-comments");
  dispose = connection.dispose;
  store = createFirestoreStore({ firestore: connection.firestore, dataKey: testDataKey });
  // The test app's wiring (security, logger, clock, a built post page), on the Firestore store.
  sqlite = await makeTestApp({ siteDir: await siteWithPostPage() });
  const services = createServices({
    store,
    identity: testIdentity,
    secret: testSecret,
    clock: sqlite.clock,
  });
  app = createApp({ ...sqlite.deps, services, store });
  await services.staff.ensureOwner(owner);
  ownerSession = await signInAs(app, store, owner);
  await officeAgent(app, ownerSession)
    .post("/api/office/staff", { email: colleague, role: "staff" })
    .expect(201);
  staffSession = await signInAs(app, store, colleague);
}, 60_000);
afterAll(async () => {
  await store.close();
  await dispose();
  await emulator.stop();
  await sqlite.cleanup();
});

const addComment = async (name: string, locale?: Locale) =>
  (
    await store.addCommentWithMails(
      { post: post.slug, name, email: "reader@example.com", text: `Said by ${name}.`, locale },
      () => [],
    )
  ).id;

const decide = async (action: CommentAction, ids: string[]) =>
  commentDecisionsAnswerSchema.parse(
    (await officeAgent(app, staffSession).post(commentsApi.decisions, { action, ids }).expect(200))
      .body,
  ).results;

const links = () =>
  createModerationLinks({ secret: testSecret, siteUrl: testIdentity.siteUrl, clock: sqlite.clock });

const list = async (query: string) =>
  commentsPageSchema.parse(
    (await officeAgent(app, staffSession).get(`${commentsApi.queue}${query}`).expect(200)).body,
  );

describe("the comment queue on Firestore", () => {
  it("lists, filters, decides at once with audit entries, agrees with a mail link, and the post's page follows", async () => {
    expect((await request(app).get(commentsApi.queue)).status).toBe(401);
    const noCsrf = await request(app)
      .post(commentsApi.decisions)
      .set("Cookie", staffSession.cookie)
      .send({ action: "approve", ids: ["x"] });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.error).toBe(officeMessages.csrf);

    const english = await addComment("Wanjiru");
    const french = await addComment("Amélie", "fr");
    const swahili = await addComment("Baraka", "sw");
    const byLink = await addComment("Otieno");

    const pending = await list("");
    expect(pending.items.map((c) => c.id).sort()).toEqual(
      [english, french, swahili, byLink].sort(),
    );
    expect(pending.counts.pending).toBe(4);
    // English comments carry no locale field on Firestore: kept while reading, counted by subtraction.
    const inEnglish = await list("?locale=en");
    expect(inEnglish.items.map((c) => c.id).sort()).toEqual([english, byLink].sort());
    expect(inEnglish.counts.pending).toBe(2);
    expect((await list("?locale=fr")).items.map((c) => [c.id, c.post.title])).toEqual([
      [french, post.translations.fr?.title ?? post.title],
    ]);
    // The owner reads the same queue (any staff role may); one page holds these four.
    const asOwner = commentsPageSchema.parse(
      (await officeAgent(app, ownerSession).get(commentsApi.queue).expect(200)).body,
    );
    expect(asOwner.items).toHaveLength(4);
    expect(asOwner.nextCursor).toBeNull();

    const token = links().token(byLink, "rejected");
    await request(app).post(`/api/comments/moderate?token=${token}`).expect(200);

    const before = (await request(app).get(`/blog/${post.slug}`).expect(200)).text;
    expect(before).not.toContain("Wanjiru");
    const results = await decide("approve", [english, french, swahili, byLink, "nosuchcomment"]);
    expect(results.map((r) => [r.id, r.result, r.status, r.decision?.by ?? null])).toEqual([
      [english, "done", "published", "office"],
      [french, "done", "published", "office"],
      [swahili, "done", "published", "office"],
      [byLink, "already-decided", "rejected", "link"],
      ["nosuchcomment", "not-found", null, null],
    ]);
    const page = (await request(app).get(`/blog/${post.slug}`).expect(200)).text;
    for (const name of ["Wanjiru", "Amélie", "Baraka"]) expect(page).toContain(name);

    expect(await decide("hide", [french])).toMatchObject([{ result: "done", status: "hidden" }]);
    expect((await request(app).get(`/blog/${post.slug}`).expect(200)).text).not.toContain("Amélie");
    const linkPage = await request(app)
      .get(`/api/comments/moderate?token=${links().token(french, "approved")}`)
      .expect(200);
    expect(linkPage.text).toContain("This comment was approved, then hidden in the office");

    const audit = await store.listAudit(50);
    expect(
      audit
        .filter((entry) => entry.action.startsWith("comment."))
        .map((entry) => [entry.action, entry.target, entry.actor])
        .sort(),
    ).toEqual(
      [
        ["comment.approved", english, colleague],
        ["comment.approved", french, colleague],
        ["comment.approved", swahili, colleague],
        ["comment.hidden", french, colleague],
      ].sort(),
    );
  });
});
