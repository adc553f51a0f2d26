import { describe, expect, it } from "vitest";
import type { NewComment, NewMail, Store } from "../../src/ports/store.js";

/**
 * Blog comments: stored pending with the firm's notification in one write, listed per status and post
 * oldest first, counted per post for the per-post limit, and moderated. Called from
 * describeStoreContract, on its fresh store per test.
 */
export function describeCommentContract(current: () => Store): void {
  const comment = (overrides: Partial<NewComment> = {}): NewComment => ({
    post: "what-afcfta-changes",
    name: "Otieno",
    email: "Otieno@Example.com",
    text: "A useful summary.\nThank you.",
    consent: { page: "/blog/what-afcfta-changes", noticeVersion: "2026-11-01" },
    ...overrides,
  });
  const notification = (): NewMail => ({
    message: { to: "inbox@example.com", subject: "New comment", text: "t", html: "<p>t</p>" },
    meta: { kind: "comment-notification" },
  });

  describe("blog comments", () => {
    it("a new comment is stored pending, with its notification queued and tied to it", async () => {
      const store = current();
      const { id } = await store.addCommentWithMails(comment(), () => [notification()]);
      const stored = await store.getComment(id);
      expect(stored).toMatchObject({
        id,
        post: "what-afcfta-changes",
        name: "Otieno",
        email: "Otieno@Example.com",
        text: "A useful summary.\nThank you.",
        status: "pending",
        moderatedAt: null,
        consent: { page: "/blog/what-afcfta-changes", noticeVersion: "2026-11-01" },
      });
      expect(stored?.consent.at.getTime()).toBe(stored?.createdAt.getTime());
      const mails = await store.listMails();
      expect(mails).toHaveLength(1);
      expect(mails[0]?.meta).toEqual({ kind: "comment-notification", commentId: id });
      expect(await store.getComment("no-such-comment")).toBeNull();
    });

    it("a comment whose mails fail to compose is not stored", async () => {
      const store = current();
      await expect(
        store.addCommentWithMails(comment(), () => {
          throw new Error("cannot compose");
        }),
      ).rejects.toThrow("cannot compose");
      expect(await store.listComments({ status: "pending" })).toEqual([]);
      expect(await store.listMails()).toEqual([]);
    });

    it("lists comments by status, of one post or all, oldest first", async () => {
      const store = current();
      const first = await store.addCommentWithMails(comment({ name: "First" }), () => []);
      const other = await store.addCommentWithMails(comment({ post: "another-post" }), () => []);
      const second = await store.addCommentWithMails(comment({ name: "Second" }), () => []);
      expect((await store.listComments({ status: "pending" })).map((c) => c.id)).toEqual([
        first.id,
        other.id,
        second.id,
      ]);
      expect(
        (await store.listComments({ status: "pending", post: "what-afcfta-changes" })).map(
          (c) => c.name,
        ),
      ).toEqual(["First", "Second"]);
      expect(await store.listComments({ status: "approved" })).toEqual([]);
    });

    it("moderation changes the status once, records when, and says unchanged or unknown otherwise", async () => {
      const store = current();
      const { id } = await store.addCommentWithMails(comment(), () => []);
      expect(await store.setCommentStatus(id, "approved")).toBe("changed");
      expect(await store.setCommentStatus(id, "approved")).toBe("unchanged");
      const approved = await store.getComment(id);
      expect(approved?.status).toBe("approved");
      expect(approved?.moderatedAt).toBeInstanceOf(Date);
      expect(
        (await store.listComments({ status: "approved", post: "what-afcfta-changes" })).map(
          (c) => c.id,
        ),
      ).toEqual([id]);
      expect(await store.listComments({ status: "pending" })).toEqual([]);
      // A decision can be revised (the operator command): approved, then marked as spam.
      expect(await store.setCommentStatus(id, "spam")).toBe("changed");
      expect((await store.getComment(id))?.status).toBe("spam");
      expect(await store.setCommentStatus("no-such-comment", "rejected")).toBe("unknown");
    });

    it("a decision only over pending (a moderation link): a decided comment keeps its status and when", async () => {
      const store = current();
      const { id } = await store.addCommentWithMails(comment(), () => []);
      expect(await store.setCommentStatus(id, "rejected", { onlyIfPending: true })).toBe("changed");
      const rejected = await store.getComment(id);
      expect(rejected?.status).toBe("rejected");
      expect(rejected?.moderatedAt).toBeInstanceOf(Date);
      for (const decision of ["approved", "spam", "rejected"] as const)
        expect(await store.setCommentStatus(id, decision, { onlyIfPending: true })).toBe("decided");
      const after = await store.getComment(id);
      expect(after?.status).toBe("rejected");
      expect(after?.moderatedAt?.getTime()).toBe(rejected?.moderatedAt?.getTime());
      expect(after?.updatedAt.getTime()).toBe(rejected?.updatedAt.getTime());
      expect(await store.listComments({ status: "approved" })).toEqual([]);
      expect(
        await store.setCommentStatus("no-such-comment", "approved", { onlyIfPending: true }),
      ).toBe("unknown");
    });

    it("counts the comments still pending across every post, and no decided one", async () => {
      const store = current();
      expect(await store.countPendingComments()).toBe(0);
      const { id } = await store.addCommentWithMails(comment(), () => []);
      await store.addCommentWithMails(comment(), () => []);
      await store.addCommentWithMails(comment({ post: "another-post" }), () => []);
      expect(await store.countPendingComments()).toBe(3);
      await store.setCommentStatus(id, "approved");
      expect(await store.countPendingComments()).toBe(2);
    });

    it("the office's queue: one status, filtered by post and language, oldest first, in keyset pages", async () => {
      const store = current();
      const ids: string[] = [];
      for (const [post, locale] of [
        ["what-afcfta-changes", "en"],
        ["another-post", "fr"],
        ["what-afcfta-changes", "fr"],
        ["what-afcfta-changes", "sw"],
        ["another-post", "en"],
      ] as const)
        ids.push((await store.addCommentWithMails(comment({ post, locale }), () => [])).id);
      await store.setCommentStatus(ids[4] ?? "", "approved");
      const stored = await Promise.all(ids.map(async (id) => (await store.getComment(id))!));
      const order = stored
        .filter((c) => c.status === "pending")
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
        .map((c) => c.id);

      const first = await store.listCommentQueue({ status: "pending" }, 2, null);
      expect(first.items.map((c) => c.id)).toEqual(order.slice(0, 2));
      expect(first.next).toEqual({ createdAt: first.items[1]?.createdAt, id: first.items[1]?.id });
      const second = await store.listCommentQueue({ status: "pending" }, 2, first.next);
      expect(second.items.map((c) => c.id)).toEqual(order.slice(2, 4));
      expect(second.next).toBeNull();

      const french = await store.listCommentQueue({ status: "pending", locale: "fr" }, 10, null);
      expect(french.items.map((c) => c.id).sort()).toEqual([ids[1], ids[2]].sort());
      const one = await store.listCommentQueue(
        { status: "pending", post: "what-afcfta-changes", locale: "sw" },
        10,
        null,
      );
      expect(one.items.map((c) => c.id)).toEqual([ids[3]]);
      expect(
        (await store.listCommentQueue({ status: "approved" }, 10, null)).items.map((c) => c.id),
      ).toEqual([ids[4]]);

      expect(await store.countCommentsByStatus({})).toEqual({
        pending: 4,
        approved: 1,
        rejected: 0,
        spam: 0,
        hidden: 0,
      });
      expect(await store.countCommentsByStatus({ post: "another-post", locale: "en" })).toEqual({
        pending: 0,
        approved: 1,
        rejected: 0,
        spam: 0,
        hidden: 0,
      });
    });

    it("an office decision: from pending, or hidden from approved, with its audit entry and who decided", async () => {
      const store = current();
      const { id } = await store.addCommentWithMails(comment(), () => []);
      const hidden = await store.decideCommentInOffice(id, "hidden", "ann@firm.test");
      expect(hidden).toMatchObject({ kind: "not-published", comment: { status: "pending" } });

      const done = await store.decideCommentInOffice(id, "approved", "ann@firm.test");
      expect(done).toMatchObject({
        kind: "done",
        comment: { id, status: "approved", moderatedBy: { via: "office", staff: "ann@firm.test" } },
      });
      expect(done.kind === "done" && done.comment.moderatedAt).toBeInstanceOf(Date);
      expect(await store.decideCommentInOffice(id, "spam", "bo@firm.test")).toMatchObject({
        kind: "already-decided",
        comment: { status: "approved", moderatedBy: { via: "office", staff: "ann@firm.test" } },
      });
      expect(await store.decideCommentInOffice(id, "hidden", "bo@firm.test")).toMatchObject({
        kind: "done",
        comment: { status: "hidden", moderatedBy: { via: "office", staff: "bo@firm.test" } },
      });
      expect(await store.decideCommentInOffice(id, "hidden", "bo@firm.test")).toMatchObject({
        kind: "already-decided",
      });
      expect(
        await store.decideCommentInOffice("no-such-comment", "approved", "bo@firm.test"),
      ).toEqual({ kind: "not-found" });
      // Hidden is off the post's thread.
      expect(await store.listComments({ status: "approved" })).toEqual([]);

      const audit = (await store.listAudit(10)).filter((entry) => entry.target === id);
      expect(
        audit.map(({ actor, action, details }) => ({ actor, action, details })).reverse(),
      ).toEqual([
        {
          actor: "ann@firm.test",
          action: "comment.approved",
          details: { post: "what-afcfta-changes", from: "pending", to: "approved" },
        },
        {
          actor: "bo@firm.test",
          action: "comment.hidden",
          details: { post: "what-afcfta-changes", from: "approved", to: "hidden" },
        },
      ]);
    });

    it("a decision by a mailed link or the operator command records who made it", async () => {
      const store = current();
      const { id } = await store.addCommentWithMails(comment(), () => []);
      expect((await store.getComment(id))?.moderatedBy).toBeNull();
      await store.setCommentStatus(id, "rejected", { onlyIfPending: true, by: { via: "link" } });
      expect((await store.getComment(id))?.moderatedBy).toEqual({ via: "link" });
      await store.setCommentStatus(id, "approved", { by: { via: "command" } });
      expect((await store.getComment(id))?.moderatedBy).toEqual({ via: "command" });
    });

    it("counts a post's comments since a time, in any status", async () => {
      const store = current();
      const { id } = await store.addCommentWithMails(comment(), () => []);
      await store.addCommentWithMails(comment(), () => []);
      await store.addCommentWithMails(comment({ post: "another-post" }), () => []);
      await store.setCommentStatus(id, "spam");
      const created = (await store.getComment(id))?.createdAt ?? new Date();
      const before = new Date(created.getTime() - 60_000);
      expect(await store.countCommentsSince("what-afcfta-changes", before)).toBe(2);
      expect(await store.countCommentsSince("another-post", before)).toBe(1);
      expect(
        await store.countCommentsSince(
          "what-afcfta-changes",
          new Date(created.getTime() + 3_600_000),
        ),
      ).toBe(0);
    });
  });
}
