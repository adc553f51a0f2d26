import express from "express";
import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { apiMessages } from "@site/shared/messages";
import { errorHandler } from "../../src/http/middleware/errors.js";
import { requestLogger } from "../../src/http/middleware/request-logger.js";
import { capturingLogger } from "../helpers/logger.js";
import { makeTestApp } from "../helpers/app.js";

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

  it("GET /api/ready reports an empty outbox when nothing is queued", async () => {
    t = await makeTestApp();
    const res = await request(t.app).get("/api/ready");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "ready",
      outbox: { pending: 0, failed: 0, oldestPendingAgeMs: null },
    });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("GET /api/ready reports the backlog and the oldest pending mail's age", async () => {
    t = await makeTestApp();
    const res = await request(t.app).post("/api/contacts").send(contact).expect(201);
    const [oldest] = await t.store.listMails({ contactId: res.body.id });
    t.clock.set(new Date((oldest?.createdAt.getTime() ?? 0) + 90_000));
    const ready = await request(t.app).get("/api/ready");
    expect(ready.body).toEqual({
      status: "ready",
      outbox: { pending: 2, failed: 0, oldestPendingAgeMs: 90_000 },
    });
  });

  it("GET /api/ready answers 503 when the store cannot be reached", async () => {
    t = await makeTestApp();
    await t.store.close();
    const res = await request(t.app).get("/api/ready");
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      success: false,
      status: "unavailable",
      error: apiMessages.internal,
    });
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
    const res = await request(t.app)
      .post("/api/contacts")
      .set("Origin", "https://elsewhere.example")
      .send(contact);
    expect(res.status).toBe(201);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
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
