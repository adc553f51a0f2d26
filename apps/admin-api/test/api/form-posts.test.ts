import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  apiMessages,
  contactMessages,
  newsletterMessages,
  validationMessages,
} from "@site/shared/messages";
import { blogPosts } from "@site/shared/blog/posts";
import { makeTestApp } from "../helpers/app.js";

/** The forms' own posts, as a browser with JavaScript off sends them (form-encoded, expecting a page). */
describe("form posts without JavaScript", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it("a contact posted as a form is stored with its two mails and answered with a thank-you page", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .type("form")
      .set("Host", "site.test")
      .set("Referer", "https://site.test/contact")
      .send({
        name: " Achieng Otieno ",
        email: "achieng@example.com",
        phone: "",
        subject: "Audit",
        description: "Board evaluation",
        website: "",
      });
    expect(res.status).toBe(200);
    expect(res.type).toBe("text/html");
    expect(res.text).toContain(contactMessages.success.replace("'", "&#39;"));
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(res.headers["content-security-policy"]).not.toContain("script-src");
    // A real heading inside the live region, so screen readers find both.
    expect(res.text).toMatch(/<div role="status"><h1>Thank you for contacting us!/);
    expect(res.text).toContain('href="/contact"');
    const mails = await t.store.listMails();
    expect(mails).toHaveLength(2);
    const contact = await t.store.getContact(mails[0]!.meta.contactId!);
    expect(contact).toMatchObject({
      name: "Achieng Otieno",
      email: "achieng@example.com",
      subject: "Audit",
      status: "new",
    });
    expect(contact?.phone).toBeUndefined();
  });

  it("an invalid contact posted as a form answers 400 with every field's message on the page, storing nothing", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .type("form")
      .send({ name: "  ", email: "not-an-email", subject: "", description: "" });
    expect(res.status).toBe(400);
    expect(res.type).toBe("text/html");
    expect(res.text).toMatch(/<div role="alert"><h1>/);
    for (const message of [
      validationMessages.nameRequired,
      validationMessages.emailInvalid,
      validationMessages.subjectRequired,
      validationMessages.descriptionRequired,
    ]) {
      expect(res.text).toContain(`<li>${message}</li>`);
    }
    expect(await t.store.listMails()).toHaveLength(0);
  });

  it("user input never reaches the page unescaped", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .type("form")
      .set("Referer", "javascript:alert(1)")
      .send({ name: "<script>x</script>", email: "" });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain("<script>");
    expect(res.text).toContain('href="/"');
  });

  it("a newsletter form post subscribes, then the same email in other case is told it is already subscribed", async () => {
    const first = await request(t.app)
      .post("/api/subscriptions")
      .type("form")
      .send({ email: "Reader@Example.com" });
    expect(first.status).toBe(200);
    expect(first.text).toContain(newsletterMessages.success);
    expect(await t.store.getSubscriptionByEmail("reader@example.com")).not.toBeNull();

    const again = await request(t.app)
      .post("/api/subscriptions")
      .type("form")
      .send({ email: "READER@example.com" });
    expect(again.status).toBe(409);
    expect(again.text).toContain(newsletterMessages.alreadySubscribed);
  });

  it("the back link returns to the page the form was on, and only on this site", async () => {
    const same = await request(t.app)
      .post("/api/subscriptions")
      .type("form")
      .set("Host", "site.test")
      .set("Referer", "https://site.test/industries")
      .send({ email: "bad" });
    expect(same.text).toContain('href="/industries"');
    const other = await request(t.app)
      .post("/api/subscriptions")
      .type("form")
      .set("Host", "site.test")
      .set("Referer", "https://evil.test/phish")
      .send({ email: "bad" });
    expect(other.text).toContain('href="/"');
  });

  it("the back link is only ever a known page of this site, else the home page of the form's language", async () => {
    const slug = blogPosts[0]!.slug;
    const cases: [referer: string | undefined, href: string, body?: Record<string, string>][] = [
      // Paths another host hides in: protocol-relative, a backslash (read as a slash), encoded.
      ["https://site.test//evil.example", "/"],
      ["https://site.test///evil.example/contact", "/"],
      ["https://site.test/\\evil.example", "/"],
      ["https://site.test/\\/evil.example/", "/"],
      ["https://site.test/%2F%2Fevil.example", "/"],
      ["https://site.test/%5Cevil.example", "/"],
      ["https://site.test/%2e%2e/%2e%2e//evil.example", "/"],
      ["https://site.test/..//evil.example", "/"],
      // Other origins, and what is no URL at all.
      ["https://evil.example/contact", "/"],
      ["https://site.test@evil.example/contact", "/"],
      ["https://site.test.evil.example/contact", "/"],
      ["//evil.example/contact", "/"],
      ["/contact", "/"],
      ["javascript:alert(1)", "/"],
      [undefined, "/"],
      // Known pages: kept, without query or fragment, trailing slashes dropped, in their language.
      ["https://site.test/contact?next=//evil.example#top", "/contact"],
      ["https://site.test/contact/", "/contact"],
      [`https://site.test/contact${"/".repeat(15_000)}`, "/contact"],
      ["https://site.test/fr/contact", "/fr/contact"],
      ["https://site.test/fr/", "/fr"],
      [`https://site.test/sw/blog/${slug}`, `/sw/blog/${slug}`],
      ["https://site.test/blog/category/banking", "/blog/category/banking"],
      // Unknown pages: the home page of the form's language.
      ["https://site.test/no-such-page", "/"],
      [`https://site.test/${"a/".repeat(5_000)}`, "/"],
      ["https://site.test/fr/no-such-page", "/fr"],
      ["https://site.test/fr//evil.example", "/fr"],
      ["https://evil.example/contact", "/sw", { locale: "sw" }],
      [undefined, "/fr", { locale: "fr" }],
    ];
    for (const [referer, href, body = {}] of cases) {
      const post = request(t.app).post("/api/subscriptions").type("form").set("Host", "site.test");
      if (referer !== undefined) post.set("Referer", referer);
      const res = await post.send({ email: "bad", ...body });
      expect(res.status, referer).toBe(400);
      const links = [...res.text.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
      expect(links, referer?.slice(0, 60)).toEqual([href]);
    }
  });

  it("pages send their referrer to this site only, so the back link can work", async () => {
    const res = await request(t.app).get("/api/health");
    expect(res.headers["referrer-policy"]).toBe("same-origin");
  });

  it("JSON clients still get JSON", async () => {
    const res = await request(t.app).post("/api/contacts").send({ name: "" });
    expect(res.type).toBe("application/json");
    expect(res.body).toMatchObject({ success: false, error: apiMessages.invalidRequest });
    expect(res.body.fieldErrors.name).toBe(validationMessages.nameRequired);
  });
});
