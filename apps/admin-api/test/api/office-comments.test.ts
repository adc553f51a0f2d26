import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "@site/shared/blog/posts";
import {
  commentDecisionsAnswerSchema,
  commentQueueMessages,
  commentsPageSchema,
  commentsPageSize,
  officeErrorSchema,
  officeMessages,
  type CommentAction,
  type CommentDecisionsAnswer,
  type CommentsPage,
} from "@site/shared/office";
import type { Locale } from "@site/shared/i18n";
import { createModerationLinks } from "../../src/comments/moderation-links.js";
import { makeTestApp, testIdentity, testSecret } from "../helpers/app.js";
import { officeAgent, signInAs, type OfficeSession } from "../helpers/office-session.js";
import { siteWithPostPage } from "../helpers/post-site.js";

const owner = "owner@firm.test";
const colleague = "colleague@firm.test";
// The first post is the one whose page the fixture site holds; the second has French and Swahili titles.
const post = blogPosts[0]!;
const translated = blogPosts.find((p) => p.translations.fr && p.translations.sw)!;
// A post of its own for the paging test.
const paged = blogPosts.find((p) => p !== post && p !== translated)!;
const queue = "/api/office/comments";
const decisions = "/api/office/comments/decisions";

/**
 * The comment queue through HTTP, on one app (a real SQLite file, a built post page) for the file: each
 * test adds its own comments and reads only those (a post or language of its own, or their ids).
 */
describe("the office's comment queue", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let ownerSession: OfficeSession;
  let staffSession: OfficeSession;

  beforeAll(async () => {
    t = await makeTestApp({ siteDir: await siteWithPostPage() });
    await t.deps.services.staff.ensureOwner(owner);
    ownerSession = await signInAs(t.app, t.store, owner);
    await officeAgent(t.app, ownerSession)
      .post("/api/office/staff", { email: colleague, role: "staff" })
      .expect(201);
    staffSession = await signInAs(t.app, t.store, colleague);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const asStaff = () => officeAgent(t.app, staffSession);

  /** A visitor's comment, stored as the public form stores it, a second after the one before. */
  const addComment = async (
    overrides: { post?: string; name?: string; text?: string; locale?: Locale } = {},
  ) => {
    t.clock.advance(1_000);
    const { id } = await t.store.addCommentWithMails(
      {
        post: overrides.post ?? post.slug,
        name: overrides.name ?? "Achieng",
        email: "achieng@example.com",
        text: overrides.text ?? "Very helpful.",
        locale: overrides.locale,
      },
      () => [],
    );
    return id;
  };

  /** The ids in the queue's order: by the store's own time, then id (one millisecond may hold several). */
  const inQueueOrder = async (ids: string[]) => {
    const stored = await Promise.all(ids.map(async (id) => (await t.store.getComment(id))!));
    stored.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    return stored.map((comment) => comment.id);
  };

  const list = async (query: string, session = ownerSession): Promise<CommentsPage> => {
    const res = await officeAgent(t.app, session).get(`${queue}${query}`).expect(200);
    return commentsPageSchema.parse(res.body);
  };

  const decide = async (
    action: CommentAction,
    ids: string[],
    session = ownerSession,
  ): Promise<CommentDecisionsAnswer["results"]> => {
    const res = await officeAgent(t.app, session).post(decisions, { action, ids }).expect(200);
    return commentDecisionsAnswerSchema.parse(res.body).results;
  };

  const links = () =>
    createModerationLinks({ secret: testSecret, siteUrl: testIdentity.siteUrl, clock: t.clock });

  const postPage = async () => (await request(t.app).get(`/blog/${post.slug}`).expect(200)).text;

  describe("who may use it", () => {
    it("answers 401 to every route without a session, and changes nothing", async () => {
      const id = await addComment();
      for (const res of [
        await request(t.app).get(queue),
        await request(t.app)
          .post(decisions)
          .send({ action: "approve", ids: [id] }),
      ]) {
        expect(res.status).toBe(401);
        expect(officeErrorSchema.parse(res.body).error).toBe(officeMessages.unauthorized);
      }
      expect((await t.store.getComment(id))?.status).toBe("pending");
    });

    it("answers 403 to a decision without the session's CSRF token, and changes nothing", async () => {
      const id = await addComment();
      const res = await request(t.app)
        .post(decisions)
        .set("Cookie", staffSession.cookie)
        .send({ action: "approve", ids: [id] });
      expect(res.status).toBe(403);
      expect(officeErrorSchema.parse(res.body).error).toBe(officeMessages.csrf);
      expect((await t.store.getComment(id))?.status).toBe("pending");
    });

    it("lets staff who are not owners read the queue and decide", async () => {
      const id = await addComment({ post: "staff-only-post" });
      expect((await list(`?post=${post.slug}`, staffSession)).items.map((c) => c.id)).not.toContain(
        id,
      );
      expect(await decide("reject", [id], staffSession)).toMatchObject([
        { id, result: "done", status: "rejected", decision: { by: "office", staff: colleague } },
      ]);
      const audit = (await t.store.listAudit(50)).find((entry) => entry.target === id);
      expect(audit).toMatchObject({ actor: colleague, action: "comment.rejected" });
    });
  });

  describe("bad input", () => {
    it.each([
      ["?status=approved", "status"],
      ["?status=pending&locale=de", "locale"],
      ["?post=no-such-post", "post"],
      ["?post=%3Cscript%3E", "post"],
      ["?cursor=not%20a%20cursor", "cursor"],
      [`?cursor=${Buffer.from("soon:x").toString("base64url")}`, "cursor"],
    ])("the queue refuses %s, naming the field", async (query, field) => {
      const res = await asStaff().get(`${queue}${query}`);
      expect(res.status).toBe(400);
      const body = officeErrorSchema.parse(res.body);
      expect(body.error).toBe(officeMessages.invalidRequest);
      expect(Object.keys(body.fieldErrors ?? {})).toEqual([field]);
    });

    it("names an unknown post in the queue's words", async () => {
      const res = await asStaff().get(`${queue}?post=no-such-post`).expect(400);
      expect(res.body.fieldErrors).toEqual({ post: commentQueueMessages.unknownPost });
    });

    it.each([
      [{ action: "approve", ids: [] }, "ids", commentQueueMessages.noComments],
      [
        { action: "approve", ids: Array.from({ length: 51 }, (_, i) => `id-${i}`) },
        "ids",
        commentQueueMessages.tooManyComments,
      ],
      [{ action: "publish", ids: ["a"] }, "action", officeMessages.invalidRequest],
      [{ action: "approve", ids: ["../etc"] }, "ids", officeMessages.invalidRequest],
      [{ action: "approve" }, "ids", commentQueueMessages.noComments],
      [{ action: "approve", ids: "abc" }, "ids", commentQueueMessages.noComments],
    ])(
      "a decision refuses %j, naming the field, and changes nothing",
      async (body, field, message) => {
        const id = await addComment();
        const res = await asStaff().post(decisions, body);
        expect(res.status).toBe(400);
        expect(officeErrorSchema.parse(res.body).fieldErrors?.[field]).toBe(message);
        expect((await t.store.getComment(id))?.status).toBe("pending");
      },
    );
  });

  describe("the queue", () => {
    it("lists pending comments across every post, oldest first, each with its post in its language", async () => {
      const first = await addComment({ post: translated.slug, locale: "sw", name: "Baraka" });
      const second = await addComment({ post: translated.slug, locale: "fr", name: "Aïcha" });
      const third = await addComment({ post: translated.slug, name: "Grace" });
      const page = await list(`?post=${translated.slug}`);
      expect(page.items.map((c) => c.id)).toEqual(await inQueueOrder([first, second, third]));
      expect(page.items.map((c) => c.status)).toEqual(["pending", "pending", "pending"]);
      const byId = (id: string) => page.items.find((c) => c.id === id);
      expect(byId(first)?.post).toEqual({
        slug: translated.slug,
        title: translated.translations.sw?.title,
        path: `/sw/blog/${translated.slug}`,
      });
      expect(byId(second)?.post.title).toBe(translated.translations.fr?.title);
      expect(byId(third)?.post).toEqual({
        slug: translated.slug,
        title: translated.title,
        path: `/blog/${translated.slug}`,
      });
      expect(byId(first)).toMatchObject({ name: "Baraka", locale: "sw", decision: null });
      expect(page.counts).toMatchObject({ pending: 3, published: 0 });
      expect(page.posts).toContainEqual({ slug: post.slug, title: post.title });
      // Filtered by language too; without a post, every post's comments are there.
      expect((await list(`?post=${translated.slug}&locale=fr`)).items.map((c) => c.id)).toEqual([
        second,
      ]);
      expect((await list("?status=pending")).items.length).toBeGreaterThan(0);
    });

    it("pages with a cursor on the server, and lists each status under the office's name", async () => {
      const slug = paged.slug;
      const ids: string[] = [];
      for (let i = 0; i < commentsPageSize + 3; i += 1) ids.push(await addComment({ post: slug }));
      ids.splice(0, ids.length, ...(await inQueueOrder(ids)));
      const first = await list(`?post=${slug}`);
      expect(first.items.map((c) => c.id)).toEqual(ids.slice(0, commentsPageSize));
      expect(first.nextCursor).not.toBeNull();
      const second = await list(`?post=${slug}&cursor=${first.nextCursor}`);
      expect(second.items.map((c) => c.id)).toEqual(ids.slice(commentsPageSize));
      expect(second.nextCursor).toBeNull();

      await decide("approve", ids.slice(0, 2));
      await decide("spam", [ids[2]!]);
      await decide("hide", [ids[1]!]);
      const published = await list(`?post=${slug}&status=published`);
      expect(published.items.map((c) => [c.id, c.status])).toEqual([[ids[0], "published"]]);
      expect((await list(`?post=${slug}&status=hidden`)).items.map((c) => c.id)).toEqual([ids[1]]);
      expect((await list(`?post=${slug}&status=spam`)).items.map((c) => c.id)).toEqual([ids[2]]);
      expect(published.counts).toEqual({
        pending: commentsPageSize,
        published: 1,
        rejected: 0,
        spam: 1,
        hidden: 1,
      });
    });
  });

  describe("decisions", () => {
    it("approves several at once, each audited, and the post's page shows them at once; hiding one removes it", async () => {
      const ids = [
        await addComment({ name: "Wanjiru", text: "First <b>point</b>." }),
        await addComment({ name: "Otieno", text: "Second point." }),
        await addComment({ name: "Amina", text: "Third point." }),
      ];
      // The page is read (and its thread cached) before the decision.
      expect(await postPage()).not.toContain("Wanjiru");
      const results = await decide("approve", [...ids, ids[0]!, "no-such-comment"]);
      expect(results.map((r) => [r.id, r.result, r.status])).toEqual([
        [ids[0], "done", "published"],
        [ids[1], "done", "published"],
        [ids[2], "done", "published"],
        ["no-such-comment", "not-found", null],
      ]);
      expect(results[0]?.decision).toMatchObject({ by: "office", staff: owner });
      const audit = await t.store.listAudit(200);
      for (const id of ids)
        expect(audit.filter((entry) => entry.target === id)).toMatchObject([
          {
            actor: owner,
            action: "comment.approved",
            details: { post: post.slug, from: "pending", to: "approved" },
          },
        ]);

      const shown = await postPage();
      for (const name of ["Wanjiru", "Otieno", "Amina"]) expect(shown).toContain(name);
      // The visitor's text as text, never as markup.
      expect(shown).toContain("First &lt;b&gt;point&lt;/b&gt;.");

      expect(await decide("hide", [ids[1]!])).toMatchObject([
        { id: ids[1], result: "done", status: "hidden" },
      ]);
      const after = await postPage();
      expect(after).not.toContain("Otieno");
      expect(after).toContain("Wanjiru");
      expect(
        (await t.store.listAudit(200)).find(
          (e) => e.target === ids[1] && e.action === "comment.hidden",
        ),
      ).toMatchObject({ actor: owner, details: { from: "approved", to: "hidden" } });
    });

    it("reports a comment decided before as already decided, and changes nothing", async () => {
      const rejected = await addComment();
      const pending = await addComment();
      await decide("reject", [rejected]);
      const audited = (await t.store.listAudit(500)).length;
      expect(await decide("approve", [rejected])).toMatchObject([
        { id: rejected, result: "already-decided", status: "rejected" },
      ]);
      // Only a published comment can be hidden.
      expect(await decide("hide", [pending, rejected])).toMatchObject([
        { id: pending, result: "not-published", status: "pending" },
        { id: rejected, result: "already-decided", status: "rejected" },
      ]);
      expect((await t.store.getComment(rejected))?.status).toBe("rejected");
      expect((await t.store.getComment(pending))?.status).toBe("pending");
      expect((await t.store.listAudit(500)).length).toBe(audited);
    });
  });

  describe("agreement with the links in the firm's mail", () => {
    it("a comment a mailed link decided meanwhile is reported as decided by the link", async () => {
      const id = await addComment();
      const token = links().token(id, "spam");
      await request(t.app).post(`/api/comments/moderate?token=${token}`).expect(200);
      expect(await decide("approve", [id])).toMatchObject([
        { id, result: "already-decided", status: "spam", decision: { by: "link", staff: null } },
      ]);
      expect(
        (await list(`?status=spam&post=${post.slug}`)).items.find((c) => c.id === id),
      ).toMatchObject({ decision: { by: "link" } });
    });

    it("a link to a comment decided in the office says it was decided there, by whom, and changes nothing", async () => {
      const id = await addComment();
      await decide("reject", [id]);
      const token = links().token(id, "approved");
      const page = await request(t.app).get(`/api/comments/moderate?token=${token}`).expect(200);
      expect(page.text).toContain("This comment has already been rejected");
      expect(page.text).toContain(`Decided in the office&#39;s comment queue by ${owner}.`);
      const confirmed = await request(t.app).post(`/api/comments/moderate?token=${token}`);
      expect(confirmed.status).toBe(409);
      expect((await t.store.getComment(id))?.status).toBe("rejected");
    });

    it("a link to a hidden comment says it was hidden, and cannot publish it again", async () => {
      const id = await addComment({ name: "Hidden Harriet" });
      await decide("approve", [id]);
      await decide("hide", [id]);
      const token = links().token(id, "approved");
      const page = await request(t.app).get(`/api/comments/moderate?token=${token}`).expect(200);
      expect(page.text).toContain("This comment was approved, then hidden in the office");
      expect(page.text).not.toContain("<button");
      const confirmed = await request(t.app).post(`/api/comments/moderate?token=${token}`);
      expect(confirmed.status).toBe(409);
      expect((await t.store.getComment(id))?.status).toBe("hidden");
      expect(await postPage()).not.toContain("Hidden Harriet");
    });
  });
});
