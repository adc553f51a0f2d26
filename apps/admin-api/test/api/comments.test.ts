import { once } from "node:events";
import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { blogPostBodies, blogPosts } from "@site/shared/blog/posts";
import { privacyNotice } from "@site/shared/content";
import {
  apiMessages,
  commentMessages,
  moderationMessages,
  requestMessages,
} from "@site/shared/messages";
import { idempotencyKeyHeader } from "@site/shared/schemas";
import { createFormStartTokens } from "../../src/comments/form-start.js";
import {
  createModerationLinks,
  type ModerationDecision,
} from "../../src/comments/moderation-links.js";
import { createSite } from "../../src/http/site.js";
import { siteWithPostPage } from "../helpers/post-site.js";
import {
  deliverQueuedMails,
  makeTestApp,
  testInbox,
  testSecret,
  type TestAppOptions,
} from "../helpers/app.js";

const post = blogPosts[0]!;
const otherPost = blogPosts[1]!;
const postPath = `/blog/${post.slug}`;
const months =
  "January February March April May June July August September October November December".split(
    " ",
  );
const weekdays = "Sunday Monday Tuesday Wednesday Thursday Friday Saturday".split(" ");
describe("blog comments", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const start = async (options: TestAppOptions = {}) => {
    t = await makeTestApp(options);
  };
  beforeEach(async () => {
    await start();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  /** The start time a post page carries, signed as the API signs it, `agoMs` before the test clock's now. */
  const formStarted = (slug = post.slug, agoMs = 10_000) => {
    const then = { now: () => new Date(t.clock.now().getTime() - agoMs) };
    return createFormStartTokens({ secret: testSecret, clock: then, minFillMs: 0 }).issue(slug);
  };
  const valid = (overrides: Record<string, unknown> = {}) => ({
    name: "Achieng Odhiambo",
    email: "achieng@example.com",
    comment: "Very helpful.\nWe saw the same in Kisumu.",
    post: post.slug,
    formStarted: formStarted(),
    page: postPath,
    noticeVersion: privacyNotice.version,
    ...overrides,
  });
  const send = (body: Record<string, unknown>) => request(t.app).post("/api/comments").send(body);
  const links = () =>
    createModerationLinks({
      secret: testSecret,
      siteUrl: "https://site.firm.test",
      clock: t.clock,
    });
  /**
   * When a comment was decided, as a moderation page says it in words ("Wednesday, 25 November 2026 at
   * 14:03 UTC"), from the store's moderatedAt; a pattern, so the weekday's punctuation may follow ICU.
   */
  const decidedWhen = async (commentId: string) => {
    const at = (await t.store.getComment(commentId))?.moderatedAt;
    if (!at) throw new Error(`comment ${commentId} has not been decided`);
    const day = `${at.getUTCDate()} ${months[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
    return `${weekdays[at.getUTCDay()]},? ${day} at ${at.toISOString().slice(11, 16)} UTC`;
  };
  /** The path and query of the link for `decision` in the firm's notification about `commentId`. */
  const linkInMail = async (commentId: string, decision: ModerationDecision) => {
    const [mail] = await t.store.listMails({});
    const url = links().url(commentId, decision);
    expect(mail?.message.text).toContain(url);
    return url.replace("https://site.firm.test", "");
  };

  describe("sending a comment", () => {
    it("stores it pending and queues one notification to the firm's inbox, nothing to the commenter", async () => {
      const res = await send(valid());
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true, id: expect.any(String) });
      const stored = await t.store.getComment(res.body.id);
      expect(stored).toMatchObject({
        post: post.slug,
        name: "Achieng Odhiambo",
        email: "achieng@example.com",
        text: "Very helpful.\nWe saw the same in Kisumu.",
        status: "pending",
        consent: { page: postPath, noticeVersion: privacyNotice.version },
      });
      const mails = await t.store.listMails({});
      expect(mails.map((m) => [m.message.to, m.meta])).toEqual([
        [testInbox, { kind: "comment-notification", commentId: res.body.id }],
      ]);
      const [mail] = mails;
      expect(mail?.message.subject).toContain(post.title);
      expect(mail?.message.text).toContain("Achieng Odhiambo");
      expect(mail?.message.text).toContain("> We saw the same in Kisumu.");
      for (const decision of ["approved", "rejected", "spam"] as const)
        expect(mail?.message.html).toContain(`href="${links().url(res.body.id, decision)}"`);
      // And the office's queue of the post's pending comments, where the same decision can be made.
      const queue = `https://site.firm.test/admin/comments?status=pending&post=${post.slug}`;
      expect(mail?.message.text).toContain(
        `comment queue (a decision there makes these links say so): ${queue}`,
      );
      expect(mail?.message.html).toContain(
        `<a href="${queue.replace("&", "&amp;")}">the office's comment queue</a>`,
      );
    });

    it("escapes the name and text in the notification, delivered through a real SMTP server", async () => {
      const res = await send(
        valid({
          name: `<img src=x onerror=alert(1)>`,
          comment: `<script>alert("x")</script> & more`,
        }),
      );
      expect(res.status).toBe(201);
      const { sent, received: mails } = await deliverQueuedMails(t);
      expect(sent).toBe(1);
      const [received] = mails;
      expect(received?.envelope.to).toEqual([testInbox]);
      const html = String(received?.parsed.html);
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<img src=x");
      expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more");
      expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(received?.parsed.text).toContain(`<script>alert("x")</script> & more`);
    });

    it("refuses missing and malformed fields with a message under each, storing nothing", async () => {
      const res = await send({ post: post.slug, formStarted: formStarted(), email: "nope" });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: apiMessages.invalidRequest,
        fieldErrors: {
          name: commentMessages.nameRequired,
          email: "Invalid email format",
          comment: commentMessages.commentRequired,
        },
      });
      const cases: [Record<string, unknown>, string, string][] = [
        [{ comment: "x" }, "comment", commentMessages.commentTooShort],
        [{ comment: "x".repeat(3001) }, "comment", "Please keep this to 3000 characters or fewer"],
        [{ name: "n".repeat(81) }, "name", "Please keep this to 80 characters or fewer"],
        [
          { comment: "See https://a.example, www.b.example and http://c.example" },
          "comment",
          commentMessages.tooManyLinks,
        ],
      ];
      for (const [override, field, message] of cases) {
        const refused = await send(valid(override));
        expect(refused.status, field).toBe(400);
        expect(refused.body.fieldErrors[field]).toBe(message);
      }
      // Exactly at the limits is fine: 3,000 characters, 80 for the name, 2 links.
      expect(
        (await send(valid({ comment: `https://a.example www.b.example ${"y".repeat(2968)}` })))
          .status,
      ).toBe(201);
      expect((await send(valid({ name: "n".repeat(80) }))).status).toBe(201);
      expect(await t.store.listComments({ status: "pending" })).toHaveLength(2);
    });

    it("refuses a comment for a post that does not exist", async () => {
      const res = await send(
        valid({ post: "no-such-post", formStarted: formStarted("no-such-post") }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(commentMessages.unknownPost);
      expect(await t.store.listComments({ status: "pending" })).toEqual([]);
    });

    it("a filled honeypot is answered like a success and dropped", async () => {
      const res = await send(valid({ website: "https://spam.example" }));
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true, id: expect.any(String) });
      expect(await t.store.listComments({ status: "pending" })).toEqual([]);
      expect(await t.store.listMails({})).toEqual([]);
    });

    it("refuses a comment sent sooner than the minimum fill time, or without a valid start time, saying why", async () => {
      const tooFast = await send(valid({ formStarted: formStarted(post.slug, 1_000) }));
      expect(tooFast.status).toBe(429);
      expect(tooFast.body).toEqual({ success: false, error: commentMessages.tooFast });
      for (const started of [
        undefined,
        "",
        "123.abc",
        // Signed for another post, or its time changed.
        formStarted(otherPost.slug),
        formStarted().replace(/^\d+/, (ms) => String(Number(ms) - 60_000)),
      ]) {
        const res = await send(valid({ formStarted: started }));
        expect(res.status, String(started)).toBe(400);
        expect(res.body.error).toBe(commentMessages.staleForm);
      }
      // The same page, a moment later, is fine.
      expect((await send(valid({ formStarted: formStarted(post.slug, 3_000) }))).status).toBe(201);
      expect(await t.store.listComments({ status: "pending" })).toHaveLength(1);
    });

    it("limits comments per client address, in plain words", async () => {
      await t.cleanup();
      await start({ commentsPerAddress: 2 });
      expect((await send(valid())).status).toBe(201);
      expect((await send(valid())).status).toBe(201);
      const third = await send(valid());
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ success: false, error: commentMessages.addressLimited });
      expect(await t.store.listComments({ status: "pending" })).toHaveLength(2);
    });

    it("limits comments per post and hour, from everyone together, in plain words", async () => {
      await t.cleanup();
      await start({ commentLimits: { perPostHourly: 2 } });
      expect((await send(valid())).status).toBe(201);
      expect((await send(valid({ email: "b@example.com" }))).status).toBe(201);
      const third = await send(valid({ email: "c@example.com" }));
      expect(third.status).toBe(429);
      expect(third.body.error).toBe(commentMessages.postLimited);
      // Another post is not affected.
      expect(
        (await send(valid({ post: otherPost.slug, formStarted: formStarted(otherPost.slug) })))
          .status,
      ).toBe(201);
    });

    it("a form posted without JavaScript gets the result page with the same message", async () => {
      const res = await request(t.app)
        .post("/api/comments")
        .type("form")
        .set("Host", "site.firm.test")
        .set("Referer", `https://site.firm.test${postPath}`)
        .send(valid({ page: undefined }));
      expect(res.status).toBe(200);
      expect(res.type).toBe("text/html");
      expect(res.text).toContain(commentMessages.success);
      const [stored] = await t.store.listComments({ status: "pending" });
      expect(stored?.consent.page).toBe(postPath);
      const refused = await request(t.app)
        .post("/api/comments")
        .type("form")
        .send(valid({ comment: "x" }));
      expect(refused.status).toBe(400);
      expect(refused.text).toContain(commentMessages.commentTooShort);
    });
  });

  describe("idempotency keys", () => {
    const key = "Y29tbWVudC1rZXktMDAx";
    const keyed = (body: Record<string, unknown>) =>
      request(t.app).post("/api/comments").set(idempotencyKeyHeader, key).send(body);

    it("a comment sent twice with one key: the first answer twice, one comment, one notification", async () => {
      const first = await keyed(valid());
      const again = await keyed(valid());
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(await t.store.listComments({ status: "pending" })).toHaveLength(1);
      expect(await t.store.listMails({})).toHaveLength(1);
    });

    it("20 copies at once: one comment, one notification", async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => keyed(valid())));
      expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
      expect(await t.store.listComments({ status: "pending" })).toHaveLength(1);
      expect(await t.store.listMails({})).toHaveLength(1);
    });

    it("the key reused for another comment is refused (422) and stores nothing more", async () => {
      await keyed(valid()).expect(201);
      const other = await keyed(valid({ comment: "A different thought entirely." }));
      expect(other.status).toBe(422);
      expect(other.body.error).toBe(requestMessages.idempotencyKeyReused);
      expect(await t.store.listComments({ status: "pending" })).toHaveLength(1);
    });
  });

  describe("moderation links", () => {
    it("the link's page (GET) shows the comment and a button, never cached or indexed, and changes nothing", async () => {
      const { body } = await send(valid({ comment: "Line one <b>bold</b>\nline two" }));
      const link = await linkInMail(body.id, "approved");
      for (let scan = 0; scan < 3; scan += 1) {
        const page = await request(t.app).get(link);
        expect(page.status).toBe(200);
        expect(page.headers["cache-control"]).toBe("no-store");
        expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
        expect(page.text).toContain('<meta name="robots" content="noindex">');
        expect(page.text).toContain(moderationMessages.confirmTitle.approved);
        expect(page.text).toContain("Line one &lt;b&gt;bold&lt;/b&gt;\nline two");
        expect(page.text).toContain(`<form method="post" action="${link.replace(/&/g, "&amp;")}">`);
        expect(page.text).not.toContain("achieng@example.com");
      }
      expect((await t.store.getComment(body.id))?.status).toBe("pending");
    });

    it("approving (the page's POST) shows the comment under the post; reject and spam do not", async () => {
      const site = await siteWithPostPage();
      await t.cleanup();
      await start({ siteDir: site });
      const ids: string[] = [];
      for (const name of ["Approved One", "Rejected One", "Spam One", "Approved Two"]) {
        const res = await send(valid({ name, email: `${name.replace(" ", ".")}@example.com` }));
        ids.push(res.body.id);
        t.clock.advance(60_000);
      }
      const linkFor = (id: string, decision: ModerationDecision) =>
        links().url(id, decision).replace("https://site.firm.test", "");
      const decisions: ModerationDecision[] = ["approved", "rejected", "spam", "approved"];
      for (const [index, decision] of decisions.entries()) {
        const done = await request(t.app)
          .post(linkFor(ids[index]!, decision))
          .type("form")
          .send({});
        expect(done.status).toBe(200);
        expect(done.text).toContain(moderationMessages.doneTitle[decision]);
        expect((await t.store.getComment(ids[index]!))?.status).toBe(decision);
      }
      const page = await request(t.app).get(postPath);
      expect(page.status).toBe(200);
      expect(page.text).toContain(commentMessages.count(2));
      const names = [...page.text.matchAll(/class="comment__name">([^<]+)</g)].map((m) => m[1]);
      expect(names).toEqual(["Approved One", "Approved Two"]);
      expect(page.text).toContain("Very helpful.<br>We saw the same in Kisumu.");
      expect(page.text).not.toContain("Rejected One");
      expect(page.text).not.toContain("Spam One");
      expect(page.text).not.toContain("@example.com");
      // Repeating the POST is harmless: it says the comment is approved already, and when.
      const again = await request(t.app).post(linkFor(ids[0]!, "approved")).type("form").send({});
      expect(again.status).toBe(200);
      expect(again.text).toContain("This comment has already been approved");
      expect(again.text).toMatch(new RegExp(`It was approved on ${await decidedWhen(ids[0]!)}\\.`));
    });

    it("reject, then the same mail's Approve link: the comment stays rejected, and both the link's page and its POST say what was decided and when", async () => {
      const site = await siteWithPostPage();
      await t.cleanup();
      await start({ siteDir: site });
      const { body } = await send(valid({ name: "Changed Mind" }));
      const reject = await linkInMail(body.id, "rejected");
      const approve = await linkInMail(body.id, "approved");
      expect((await request(t.app).post(reject).type("form").send({})).status).toBe(200);
      const rejected = await t.store.getComment(body.id);
      expect(rejected?.status).toBe("rejected");
      const when = await decidedWhen(body.id);

      const page = await request(t.app).get(approve);
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.text).toContain("<h1>This comment has already been rejected</h1>");
      expect(page.text).toMatch(new RegExp(`It was rejected on ${when}\\.`));
      expect(page.text).toContain(
        `To change the decision, use the operator command: site-comments approve --change ${body.id}`,
      );
      expect(page.text).toContain("Changed Mind");
      // Nothing to press: no form, no button, and the page's CSP allows no form post.
      expect(page.text).not.toContain("<form");
      expect(page.text).not.toContain("<button");
      expect(page.text).not.toContain(moderationMessages.confirmTitle.approved);
      expect(page.headers["content-security-policy"]).toContain("form-action 'none'");

      const confirmed = await request(t.app).post(approve).type("form").send({});
      expect(confirmed.status).toBe(409);
      expect(confirmed.text).toContain("This comment has already been rejected");
      expect(confirmed.text).toMatch(new RegExp(`It was rejected on ${when}\\.`));
      expect(confirmed.text).toContain(
        "This link changed nothing: a moderation link decides only a comment waiting for moderation.",
      );
      expect(confirmed.text).not.toContain(moderationMessages.doneTitle.approved);
      for (const link of [await linkInMail(body.id, "spam"), approve])
        expect((await request(t.app).post(link).type("form").send({})).status).toBe(409);

      const after = await t.store.getComment(body.id);
      expect(after?.status).toBe("rejected");
      expect(after?.moderatedAt?.getTime()).toBe(rejected?.moderatedAt?.getTime());
      const post = await request(t.app).get(postPath);
      expect(post.text).toContain(commentMessages.empty);
      expect(post.text).not.toContain("Changed Mind");
    });

    it("a page shown while pending, confirmed after another link decided: the first decision stands", async () => {
      const { body } = await send(valid());
      const approve = await linkInMail(body.id, "approved");
      // The firm opens Approve in one tab, then marks the comment as spam from the same mail in another.
      const shown = await request(t.app).get(approve);
      expect(shown.text).toContain(moderationMessages.confirmButton.approved);
      await request(t.app)
        .post(await linkInMail(body.id, "spam"))
        .type("form")
        .send({})
        .expect(200);
      // Back in the first tab, the button.
      const late = await request(t.app).post(approve).type("form").send({});
      expect(late.status).toBe(409);
      expect(late.text).toContain("This comment has already been marked as spam");
      expect(late.text).toMatch(
        new RegExp(`It was marked as spam on ${await decidedWhen(body.id)}\\.`),
      );
      expect((await t.store.getComment(body.id))?.status).toBe("spam");
    });

    it("two links of one mail confirmed at the same moment: exactly one decides, the other is told", async () => {
      const { body } = await send(valid());
      const decisions = ["approved", "rejected", "spam"] as const;
      const links = await Promise.all(decisions.map((decision) => linkInMail(body.id, decision)));
      const answers = await Promise.all(
        links.map((link) => request(t.app).post(link).type("form").send({})),
      );
      const winners = answers.flatMap((answer, index) =>
        answer.status === 200 ? [decisions[index]!] : [],
      );
      expect(winners).toHaveLength(1);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
      const stored = await t.store.getComment(body.id);
      expect(stored?.status).toBe(winners[0]);
      for (const answer of answers.filter((a) => a.status === 409))
        expect(answer.text).toMatch(
          new RegExp(`It was \\w[\\w ]* on ${await decidedWhen(body.id)}\\.`),
        );
    });

    it("a forged or altered link gets a 403 page that says so, GET or POST, and changes nothing", async () => {
      const { body } = await send(valid());
      const link = await linkInMail(body.id, "approved");
      const token = new URL(link, "https://x.test").searchParams.get("token") ?? "";
      const [payload, mac] = token.split(".") as [string, string];
      const otherPayload = Buffer.from(
        Buffer.from(payload, "base64url").toString("utf8").replace("approved", "spam"),
      ).toString("base64url");
      const forged = [
        "nonsense",
        `${otherPayload}.${mac}`,
        // another mac (were it to end in "AA" already, a different one)
        `${payload}.${mac.slice(0, -2)}${mac.endsWith("AA") ? "QA" : "AA"}`,
        createModerationLinks({
          secret: "another-secret-0123456789abcdef0123",
          siteUrl: "",
          clock: t.clock,
        }).token(body.id, "approved"),
      ];
      for (const value of forged) {
        for (const method of ["get", "post"] as const) {
          const res = await request(t.app)[method](
            `/api/comments/moderate?token=${encodeURIComponent(value)}`,
          );
          expect(res.status, value).toBe(403);
          expect(res.text).toContain(moderationMessages.forgedTitle);
          expect(res.headers["cache-control"]).toBe("no-store");
        }
      }
      expect((await request(t.app).get("/api/comments/moderate")).status).toBe(403);
      expect((await t.store.getComment(body.id))?.status).toBe("pending");
    });

    it("a link past its 14 days gets a 403 page saying it expired; one day before, it works", async () => {
      const { body } = await send(valid());
      const issued = new Date(t.clock.now().getTime() - 14 * 24 * 60 * 60 * 1000 - 1);
      const expired = links().token(body.id, "approved", issued);
      for (const method of ["get", "post"] as const) {
        const res = await request(t.app)[method](`/api/comments/moderate?token=${expired}`);
        expect(res.status).toBe(403);
        expect(res.text).toContain(moderationMessages.expiredTitle);
      }
      expect((await t.store.getComment(body.id))?.status).toBe("pending");
      const fresh = links().token(
        body.id,
        "approved",
        new Date(t.clock.now().getTime() - 13 * 24 * 60 * 60 * 1000),
      );
      expect((await request(t.app).post(`/api/comments/moderate?token=${fresh}`)).status).toBe(200);
      expect((await t.store.getComment(body.id))?.status).toBe("approved");
    });
  });

  describe("post pages", () => {
    beforeEach(async () => {
      const site = await siteWithPostPage();
      await t.cleanup();
      await start({ siteDir: site });
    });

    it("fill in the form's start time, signed, on every answer", async () => {
      const page = await request(t.app).get(postPath);
      const value = /data-form-started="" value="([^"]*)"/.exec(page.text)?.[1] ?? "";
      expect(value).toMatch(/^\d+\.[\w-]{43}$/);
      t.clock.advance(5_000);
      expect((await send(valid({ formStarted: value }))).status).toBe(201);
    });

    it("fill the start time only into the form's own field, whatever an approved comment holds", async () => {
      // Stored as it was before the shared schema refused control characters: the old template's
      // exact marker, and text that looks like the field, in the name and the text.
      const marker = "\u0000form-started\u0000";
      const lookalike = `<input type="hidden" name="formStarted" form="comment-form" data-form-started="" value=""/>`;
      const text = `${marker}\n${lookalike}\ndata-form-started="" value="" ${marker}`;
      const { id } = await t.store.addCommentWithMails(
        { post: post.slug, name: `Marker ${marker} value=""`, email: "m@example.com", text },
        () => [],
      );
      await t.store.setCommentStatus(id, "approved");

      const page = await request(t.app).get(postPath);
      expect(page.status).toBe(200);
      const signed = /(?<!\d)\d{10,}\.[\w-]{43}/g;
      // The start time, exactly once, in the form's own field.
      expect(page.text.match(signed)).toHaveLength(1);
      const field =
        /<input type="hidden" name="formStarted" form="comment-form" data-form-started="" value="([^"]*)"\/>/g;
      const fields = [...page.text.matchAll(field)];
      expect(fields).toHaveLength(1);
      expect(fields[0]?.[1]).toMatch(/^\d+\.[\w-]{43}$/);
      // The comment shown as written, as plain text: the marker untouched, the lookalike escaped.
      const shown = /<p class="comment__text">(.*?)<\/p>/s.exec(page.text)?.[1];
      expect(shown).toBe(
        `${marker}<br>&lt;input type=&quot;hidden&quot; name=&quot;formStarted&quot; form=&quot;comment-form&quot; ` +
          `data-form-started=&quot;&quot; value=&quot;&quot;/&gt;<br>data-form-started=&quot;&quot; value=&quot;&quot; ${marker}`,
      );
      expect(page.text).toContain(`Marker ${marker} value=&quot;&quot;</span>`);
      // And the form works with it.
      t.clock.advance(5_000);
      expect((await send(valid({ formStarted: fields[0]?.[1] }))).status).toBe(201);
    });

    it("a built page whose start-time field has no empty value stops the start, naming the page", async () => {
      const broken = await siteWithPostPage({
        field: `<input type="hidden" name="formStarted" data-form-started=""/>`,
      });
      expect(() => createSite({ dir: broken })).toThrow(
        `${postPath}/index.html: the comment form's start-time field has no empty value attribute`,
      );
    });

    it("show approved comments as plain text, and answer 304 while the thread is unchanged", async () => {
      const { body } = await send(
        valid({ comment: 'Read <a href="https://evil.example">this</a>\nand https://x.example' }),
      );
      const first = await request(t.app).get(postPath);
      expect(first.text).toContain(commentMessages.empty);
      const etag = first.headers["etag"] as string;
      expect(etag).toMatch(/^W\//);
      expect(first.headers["content-security-policy"]).toContain("script-src 'self'");
      expect((await request(t.app).get(postPath).set("If-None-Match", etag)).status).toBe(304);

      await request(t.app).post(
        `/api/comments/moderate?token=${links().token(body.id, "approved")}`,
      );
      const second = await request(t.app).get(postPath).set("If-None-Match", etag);
      expect(second.status).toBe(200);
      expect(second.text).toContain(
        "Read &lt;a href=&quot;https://evil.example&quot;&gt;this&lt;/a&gt;<br>and https://x.example",
      );
      expect(second.text).not.toContain('<a href="https://evil.example"');
      expect(second.text).not.toContain('href="https://x.example"');
      expect(second.headers["etag"]).not.toBe(etag);
      expect(
        (
          await request(t.app)
            .get(postPath)
            .set("If-None-Match", second.headers["etag"] as string)
        ).status,
      ).toBe(304);
    });

    /** The bytes as sent for `path` (supertest would hand over the page already decoded). */
    async function rawGet(path: string, encoding: string) {
      const server = t.app.listen(0, "127.0.0.1");
      await once(server, "listening");
      const { port } = server.address() as AddressInfo;
      return new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
        get({ port, host: "127.0.0.1", path, headers: { "accept-encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }),
          );
        }).on("error", reject);
      }).finally(() => server.close());
    }
    const startTime = /data-form-started="" value="(\d+\.[\w-]{43})"/;

    it("go out in brotli 11 for a real post's page: all but the start time compressed once per thread, the start time as it is", async () => {
      await t.cleanup();
      await start({
        siteDir: await siteWithPostPage({ article: blogPostBodies[post.slug]?.html }),
      });
      const first = await rawGet(postPath, "br");
      t.clock.advance(1_000);
      const second = await rawGet(postPath, "br");
      for (const answer of [first, second]) {
        expect(answer.encoding).toBe("br");
        const page = brotliDecompressSync(answer.body);
        const token = startTime.exec(page.toString())?.[1] ?? "";
        expect(page.toString().endsWith(`value="${token}"/></body></html>`)).toBe(true);
        // Stored as it is, at the stream's end: not compressed per answer.
        expect(answer.body.includes(Buffer.from(token))).toBe(true);
        const at = (quality: number) =>
          brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } })
            .length;
        expect(answer.body.length).toBeLessThanOrEqual(at(11) + 64);
        expect(answer.body.length).toBeLessThan(at(5) - 500);
      }
      // Compressed once for the two: the log says so once per post and thread.
      const compressions = () =>
        t.log.lines().filter((line) => line.includes("post page compressed for its thread"));
      expect(compressions()).toHaveLength(1);
      // Two answers differ in their start time alone: the rest is the same bytes.
      const tokenAt = first.body.length - 1 - `"/></body></html>`.length - 57;
      expect(first.body.subarray(0, tokenAt).equals(second.body.subarray(0, tokenAt))).toBe(true);
      expect(first.body.equals(second.body)).toBe(false);

      // An approved comment shows at once in the next answer, in brotli too, and the form still works.
      const { body } = await send(valid({ comment: "Boards need a lending policy first." }));
      await request(t.app).post(
        `/api/comments/moderate?token=${links().token(body.id, "approved")}`,
      );
      const third = brotliDecompressSync((await rawGet(postPath, "br")).body).toString();
      expect(third).toContain("Boards need a lending policy first.");
      expect(compressions()).toHaveLength(2);
      t.clock.advance(5_000);
      const token = startTime.exec(third)?.[1];
      expect((await send(valid({ formStarted: token }))).status).toBe(201);
    });

    it("are compressed as the server starts: the first visitor waits for no compression", async () => {
      await t.cleanup();
      await start({
        siteDir: await siteWithPostPage({ article: blogPostBodies[post.slug]?.html }),
        warmPosts: true,
      });
      const warmed = () =>
        t.log.lines().filter((line) => line.includes("post pages compressed at start-up"));
      await vi.waitFor(() => expect(warmed()).toHaveLength(1));
      expect(JSON.parse(warmed()[0] ?? "{}")).toMatchObject({ pages: 1 });

      const first = await rawGet(postPath, "br");
      const page = brotliDecompressSync(first.body).toString();
      expect(page).toContain(post.title);
      expect(page).toMatch(startTime);
      // The start compressed at start-up served the first answer: no compression was made for it.
      expect(first.body.includes(Buffer.from(startTime.exec(page)?.[1] ?? "-"))).toBe(true);
      expect(
        t.log.lines().filter((line) => line.includes("post page compressed for its thread")),
      ).toEqual([]);
    });

    it("are compressed again when a decision changes the thread: its next visitor waits for nothing either", async () => {
      await t.cleanup();
      await start({
        siteDir: await siteWithPostPage({ article: blogPostBodies[post.slug]?.html }),
        warmPosts: true,
      });
      const logged = (message: string) => t.log.lines().filter((line) => line.includes(message));
      await vi.waitFor(() => expect(logged("post pages compressed at start-up")).toHaveLength(1));

      const { body } = await send(valid({ comment: "Approved while the site runs." }));
      await request(t.app).post(
        `/api/comments/moderate?token=${links().token(body.id, "approved")}`,
      );
      await vi.waitFor(() =>
        expect(logged("post pages compressed for a new thread")).toHaveLength(1),
      );
      const answer = await rawGet(postPath, "br");
      const page = brotliDecompressSync(answer.body).toString();
      expect(page).toContain("Approved while the site runs.");
      expect(answer.body.includes(Buffer.from(startTime.exec(page)?.[1] ?? "-"))).toBe(true);
      expect(logged("post page compressed for its thread")).toEqual([]);
    });

    it("compress per answer a page whose start time is not its end, and in gzip", async () => {
      await t.cleanup();
      await start({ siteDir: await siteWithPostPage({ fieldInForm: true }) });
      for (const encoding of ["br", "gzip"]) {
        const answer = await rawGet(postPath, encoding);
        expect(answer.encoding).toBe(encoding);
        const page = (encoding === "br" ? brotliDecompressSync : gunzipSync)(
          answer.body,
        ).toString();
        expect(page, encoding).toMatch(startTime);
        expect(page, encoding).toContain("</footer></body></html>");
      }
    });

    it("serve a post's thread from memory: a decision made elsewhere shows after the cache period", async () => {
      const { body } = await send(valid());
      expect((await request(t.app).get(postPath)).text).toContain(commentMessages.empty);
      // The operator command (another process) writes to the store directly.
      await t.store.setCommentStatus(body.id, "approved");
      expect((await request(t.app).get(postPath)).text).toContain(commentMessages.empty);
      t.clock.advance(30_000);
      expect((await request(t.app).get(postPath)).text).toContain(commentMessages.count(1));
    });
  });

  describe("/blog?category=", () => {
    it("leads to the prerendered category page (301); an unknown category to all posts", async () => {
      const site = await siteWithPostPage();
      await t.cleanup();
      await start({ siteDir: site });
      const banking = await request(t.app).get("/blog?category=banking");
      expect(banking.status).toBe(301);
      expect(banking.headers["location"]).toBe("/blog/category/banking");
      const upper = await request(t.app).get("/blog?category=BANKING");
      expect(upper.headers["location"]).toBe("/blog/category/banking");
      for (const query of ["category=nonsense", "category=", "category=a&category=b"]) {
        const unknown = await request(t.app).get(`/blog?${query}`);
        expect(unknown.status, query).toBe(302);
        expect(unknown.headers["location"]).toBe("/blog");
      }
    });
  });
});
