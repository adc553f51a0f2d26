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
