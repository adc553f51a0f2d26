import express from "express";
import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { apiMessages } from "@site/shared/messages";
import { errorHandler } from "../../src/http/middleware/errors.js";
import { requestLogger } from "../../src/http/middleware/request-logger.js";
import { capturingLogger } from "../helpers/logger.js";
import { createApp } from "../../src/app.js";
import { makeTestApp, testToken } from "../helpers/app.js";

const contact = {
  name: "A Person",
  email: "person@example.com",
  subject: "Hello",
  description: "Text",
};

describe("health and readiness", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>> | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it("GET /api/health answers 200 while the process runs, even with the store down", async () => {
    t = await makeTestApp();
    await request(t.app).get("/api/health").expect(200, { status: "ok" });
    await t.store.close();
    await request(t.app).get("/api/health").expect(200, { status: "ok" });
  });

  const asAdmin = { Authorization: `Bearer ${testToken}` };

  it("GET /api/ready tells anyone only ready; the admin token's holder also sees the outbox", async () => {
    t = await makeTestApp();
    const anyone = await request(t.app).get("/api/ready");
    expect(anyone.status).toBe(200);
    expect(anyone.body).toEqual({ status: "ready" });
    expect(anyone.headers["cache-control"]).toBe("no-store");
    const wrongToken = await request(t.app)
      .get("/api/ready")
      .set("Authorization", "Bearer not-the-admin-token-0000000000");
    expect(wrongToken.body).toEqual({ status: "ready" });
    const admin = await request(t.app).get("/api/ready").set(asAdmin);
    expect(admin.body).toEqual({
      status: "ready",
      outbox: { pending: 0, failed: 0, oldestPendingAgeMs: null },
    });
  });

  it("without a configured admin token nobody sees the outbox", async () => {
    t = await makeTestApp({ adminApiToken: undefined });
    const res = await request(t.app).get("/api/ready").set(asAdmin);
    expect(res.body).toEqual({ status: "ready" });
  });

  it("GET /api/ready reports the backlog and the oldest pending mail's age to the admin", async () => {
    t = await makeTestApp();
    const res = await request(t.app).post("/api/contacts").send(contact).expect(201);
    const [oldest] = await t.store.listMails({ contactId: res.body.id });
    t.clock.set(new Date((oldest?.createdAt.getTime() ?? 0) + 90_000));
    const ready = await request(t.app).get("/api/ready").set(asAdmin);
    expect(ready.body).toEqual({
      status: "ready",
      outbox: { pending: 2, failed: 0, oldestPendingAgeMs: 90_000 },
    });
  });

  it("GET /api/ready reads the store at most once per 5 s of the clock, whoever asks", async () => {
    t = await makeTestApp();
    const store = t.store;
    let reads = 0;
    const counting = { ...store };
    counting.ping = () => {
      reads += 1;
      return store.ping();
    };
    const app = createApp({ ...t.deps, store: counting });
    await request(app).get("/api/ready").set(asAdmin).expect(200);
    // A contact queued meanwhile does not show until the cached answer is 5 s old.
    await request(app).post("/api/contacts").send(contact).expect(201);
    await Promise.all(
      Array.from({ length: 5 }, () => request(app).get("/api/ready").set(asAdmin).expect(200)),
    );
    t.clock.advance(4_999);
    const cached = await request(app).get("/api/ready").set(asAdmin);
    expect(cached.body.outbox.pending).toBe(0);
    expect(reads).toBe(1);
    t.clock.advance(1);
    const fresh = await request(app).get("/api/ready").set(asAdmin);
    expect(fresh.body.outbox.pending).toBe(2);
    expect(reads).toBe(2);
  });

  it("GET /api/ready answers 503 when the store cannot be reached, and logs it once per check", async () => {
    t = await makeTestApp();
    await t.store.close();
    const res = await request(t.app).get("/api/ready");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      success: false,
      status: "unavailable",
      error: apiMessages.internal,
    });
    await request(t.app).get("/api/ready").set(asAdmin).expect(503);
    const logged = t.log.lines().filter((line) => line.includes("store unreachable"));
    expect(logged).toHaveLength(1);
  });
});

describe("the API's edges", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>> | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it.each([
    ["GET", "/api/nothing-here"],
    ["POST", "/api/subscription"],
    ["GET", "/api/contacts"],
    ["DELETE", "/api/subscriptions"],
    ["GET", "/api"],
  ])("%s %s answers 404 JSON", async (method, path) => {
    t = await makeTestApp();
    const res = await request(t.app)[method.toLowerCase() as "get" | "post" | "delete"](path);
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.body).toEqual({ success: false, error: apiMessages.notFound });
  });

  it("without a site build, non-API paths answer 404 JSON too", async () => {
    t = await makeTestApp();
    const res = await request(t.app).get("/about");
    expect(res.status).toBe(404);
  });

  it("sends helmet's headers and a locked-down CSP on API answers", async () => {
    t = await makeTestApp();
    const res = await request(t.app).get("/api/health");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toBeDefined();
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("without configured origins, sends no CORS headers", async () => {
    t = await makeTestApp();
    const res = await request(t.app).get("/api/health").set("Origin", "https://elsewhere.example");
    expect(res.status).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    // And another site's write is refused outright (test/api/cross-site.test.ts).
    const write = await request(t.app)
      .post("/api/contacts")
      .set("Origin", "https://elsewhere.example")
      .send(contact);
    expect(write.status).toBe(403);
    expect(write.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("allows configured origins only, preflight included", async () => {
    t = await makeTestApp({ corsOrigins: ["https://admin.firm.example"] });
    const preflight = await request(t.app)
      .options("/api/contacts")
      .set("Origin", "https://admin.firm.example")
      .set("Access-Control-Request-Method", "POST")
      .set("Access-Control-Request-Headers", "content-type");
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("https://admin.firm.example");
    expect(preflight.headers["access-control-allow-methods"]).toContain("POST");

    const allowed = await request(t.app)
      .get("/api/health")
      .set("Origin", "https://admin.firm.example");
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://admin.firm.example");
    const other = await request(t.app).get("/api/health").set("Origin", "https://evil.example");
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("the error handler", () => {
  it("answers an unexpected error with a generic 500, never a stack, and logs it in full", async () => {
    const log = capturingLogger();
    const app = express();
    app.use(requestLogger(log.logger));
    app.get("/boom", () => {
      throw new Error("secret internal detail");
    });
    app.use(errorHandler);
    const res = await request(app).get("/boom");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: apiMessages.internal });
    expect(res.text).not.toContain("secret internal detail");
    expect(res.text).not.toContain("at ");
    expect(log.text()).toContain("secret internal detail");
    expect(log.text()).toContain("stack");
  });

  it("answers a rejected promise from an async handler the same way (Express 5 forwards it)", async () => {
    const log = capturingLogger();
    const app = express();
    app.use(requestLogger(log.logger));
    app.get("/async", async () => {
      await Promise.resolve();
      throw new TypeError("async failure");
    });
    app.use(errorHandler);
    const res = await request(app).get("/async");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: apiMessages.internal });
    expect(log.text()).toContain("async failure");
  });
});
