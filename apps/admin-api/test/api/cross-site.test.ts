import type { Express } from "express";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { requestMessages } from "@site/shared/messages";
import { makeTestApp, testIdentity, testToken } from "../helpers/app.js";

const contact = {
  name: "Wanjiku Kamau",
  email: "wanjiku@example.com",
  subject: "Strategy review",
  description: "We would like a review of our five-year plan.",
};

/** The site's own origin in these tests (SITE_URL), and the Host the requests below claim. */
const siteOrigin = new URL(testIdentity.siteUrl).origin;
const host = "api.firm.test:8443";

type Headers = Record<string, string>;

describe("writes from other sites' pages are refused", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeEach(async () => {
    t = await makeTestApp({ corsOrigins: ["https://admin.firm.test"] });
  });
  afterEach(async () => {
    await t.cleanup();
  });

  const post = (path: string, headers: Headers) => {
    const req = request(t.app).post(path).set("Host", host);
    for (const [name, value] of Object.entries(headers)) req.set(name, value);
    return req;
  };

  const expectNothingStored = async () => {
    expect(await t.store.listMails()).toEqual([]);
    expect(await t.store.getSubscriptionByEmail("reader@example.com")).toBeNull();
  };

  it.each<[string, Headers]>([
    ["another site's Origin", { Origin: "https://evil.example" }],
    ["Origin: null (sandboxed frame, data: page)", { Origin: "null" }],
    ["Sec-Fetch-Site: cross-site with no Origin", { "Sec-Fetch-Site": "cross-site" }],
    // A sibling subdomain's page (another app, a forgotten host) is same-site, not the site: without an
    // Origin to compare with CORS_ORIGINS, it is refused.
    ["Sec-Fetch-Site: same-site with no Origin", { "Sec-Fetch-Site": "same-site" }],
    [
      "Sec-Fetch-Site: same-site from a sibling subdomain's Origin",
      { Origin: siteOrigin.replace("://", "://blog."), "Sec-Fetch-Site": "same-site" },
    ],
    ["a look-alike of the site's origin", { Origin: `${siteOrigin}.evil.com` }],
    ["the site's host on another port", { Origin: `${siteOrigin}:8443` }],
    [
      "the site's host over http instead of https",
      { Origin: siteOrigin.replace("https:", "http:") },
    ],
    ["a subdomain of the site", { Origin: siteOrigin.replace("://", "://evil.") }],
    [
      "the API's own Host over https while the request came in over http",
      { Origin: `https://${host}` },
    ],
    ["a CORS origin's look-alike", { Origin: "https://admin.firm.test.evil.com" }],
    ["an Origin that is no URL", { Origin: "evil" }],
    [
      "a foreign Origin even when Sec-Fetch-Site claims same-origin",
      { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" },
    ],
  ])(
    "a JSON contact with %s answers 403 with the catalogue's message and stores nothing",
    async (_label, headers) => {
      const res = await post("/api/contacts", headers).send(contact);
      expect(res.status).toBe(403);
      expect(res.type).toBe("application/json");
      expect(res.body).toEqual({ success: false, error: requestMessages.crossSite });
      await expectNothingStored();
    },
  );

  it.each([
    ["urlencoded", "application/x-www-form-urlencoded", new URLSearchParams(contact).toString()],
    [
      "multipart",
      "multipart/form-data; boundary=x",
      `--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nEve\r\n--x--\r\n`,
    ],
    ["text/plain", "text/plain", "name=Eve\r\nemail=victim@example.com\r\n"],
  ])(
    "a cross-site %s form post answers 403 with the plain result page, storing nothing",
    async (_label, type, body) => {
      const res = await post("/api/contacts", { Origin: "https://evil.example" })
        .set("Content-Type", type)
        .set("Referer", "https://evil.example/trap")
        .send(body);
      expect(res.status).toBe(403);
      expect(res.type).toBe("text/html");
      expect(res.text).toContain(
        `<div role="alert"><h1>${requestMessages.crossSite.replace("'", "&#39;")}`,
      );
      // The back link never leads to the other site.
      expect(res.text).toContain('href="/"');
      await expectNothingStored();
    },
  );

  it.each([
    ["/api/subscriptions", { email: "reader@example.com" }],
    ["/api/send-email", { to: "victim@example.com", name: "V", subject: "S", description: "D" }],
    ["/api/a-future-form", { anything: true }],
  ])("%s is guarded too (every write under /api)", async (path, body) => {
    const res = await post(path, { Origin: "https://evil.example" })
      .set("Authorization", `Bearer ${testToken}`)
      .send(body);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(requestMessages.crossSite);
    await expectNothingStored();
  });

  it("logs the refusal with the other origin, not the visitor's data", async () => {
    await post("/api/contacts", { Origin: "https://evil.example" }).send(contact).expect(403);
    const line = t.log.lines().find((l) => l.includes("cross-site write refused"));
    expect(JSON.parse(line ?? "{}")).toMatchObject({
      origin: "https://evil.example",
      path: "/contacts",
    });
    expect(t.log.text()).not.toContain(contact.email);
  });

  it.each<[string, Headers]>([
    ["no Origin and no Sec-Fetch-Site (curl, servers, the firm's tools)", {}],
    ["the site's own origin (SITE_URL)", { Origin: siteOrigin, "Sec-Fetch-Site": "same-origin" }],
    [
      "the request's own origin (scheme and Host)",
      { Origin: `http://${host}`, "Sec-Fetch-Site": "same-origin" },
    ],
    [
      "a configured CORS origin, even on another site",
      { Origin: "https://admin.firm.test", "Sec-Fetch-Site": "cross-site" },
    ],
    ["Sec-Fetch-Site: same-origin without Origin", { "Sec-Fetch-Site": "same-origin" }],
    [
      "Sec-Fetch-Site: same-site from a configured CORS origin",
      { Origin: "https://admin.firm.test", "Sec-Fetch-Site": "same-site" },
    ],
    [
      "Sec-Fetch-Site: none (typed in the address bar) without Origin",
      { "Sec-Fetch-Site": "none" },
    ],
  ])("a contact with %s is accepted", async (_label, headers) => {
    const res = await post("/api/contacts", headers).send(contact);
    expect(res.status).toBe(201);
    expect(await t.store.listMails({ contactId: res.body.id })).toHaveLength(2);
  });

  it("a same-origin form post without JavaScript still gets its thank-you page", async () => {
    const res = await post("/api/subscriptions", {
      Origin: siteOrigin,
      "Sec-Fetch-Site": "same-origin",
    })
      .type("form")
      .send({ email: "reader@example.com" });
    expect(res.status).toBe(200);
    expect(await t.store.getSubscriptionByEmail("reader@example.com")).not.toBeNull();
  });

  it("reads from other sites are not this guard's business", async () => {
    const res = await request(t.app).get("/api/health").set("Origin", "https://evil.example");
    expect(res.status).toBe(200);
  });

  it("behind a trusted proxy the request's own origin follows X-Forwarded-Proto", async () => {
    const proxied = await makeTestApp({ trustProxy: 1 });
    try {
      const res = await request(proxied.app)
        .post("/api/contacts")
        .set("Host", "www.firm.test")
        .set("X-Forwarded-Proto", "https")
        .set("Origin", "https://www.firm.test")
        .send(contact);
      expect(res.status).toBe(201);
    } finally {
      await proxied.cleanup();
    }
  });
});

describe("the proxy boundary (TRUST_PROXY names the proxy)", () => {
  const from = (app: Express, ip: string, n: number) =>
    request(app)
      .post("/api/contacts")
      .set("X-Forwarded-For", ip)
      .send({ ...contact, email: `visitor${n}@example.com` });

  it("a client that reaches the port without the named proxy cannot choose the address its rate limit counts", async () => {
    // The tests connect from 127.0.0.1, which is not the proxy named here (the compose network's gateway).
    const t = await makeTestApp({ rateLimitMax: 1, trustProxy: "172.31.80.1" });
    try {
      expect((await from(t.app, "203.0.113.1", 1)).status).toBe(201);
      expect((await from(t.app, "203.0.113.2", 2)).status).toBe(429);
    } finally {
      await t.cleanup();
    }
  });

  it("requests through the named proxy (loopback here) each count their visitor's address", async () => {
    const t = await makeTestApp({ rateLimitMax: 1, trustProxy: "loopback" });
    try {
      expect((await from(t.app, "203.0.113.1", 1)).status).toBe(201);
      expect((await from(t.app, "203.0.113.1", 2)).status).toBe(429);
      expect((await from(t.app, "203.0.113.2", 3)).status).toBe(201);
    } finally {
      await t.cleanup();
    }
  });
});
