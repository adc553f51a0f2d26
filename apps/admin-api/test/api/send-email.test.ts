import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { firm } from "@site/shared/content";
import { apiMessages, validationMessages } from "@site/shared/messages";
import { makeTestApp, testToken } from "../helpers/app.js";

const body = {
  to: "client@example.com",
  name: "Client Name",
  subject: "Your inquiry",
  description: "Thanks for writing.",
};

describe("POST /api/send-email", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>> | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it("with the configured bearer token queues the acknowledgement and answers 202 with its id", async () => {
    t = await makeTestApp();
    const res = await request(t.app)
      .post("/api/send-email")
      .set("Authorization", `Bearer ${testToken}`)
      .send(body);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true, id: expect.any(String) });
    const mail = await t.store.getMail(res.body.id);
    expect(mail?.meta).toEqual({ kind: "admin" });
    expect(mail?.message.to).toBe(body.to);
    expect(mail?.message.text).toContain(body.name);
    expect(mail?.message.text).toContain(body.description);
    expect(mail?.message.text).toContain(firm.replyTime);
    expect(mail?.delivery.state).toBe("PENDING");
  });

  it("without an Authorization header answers 401, asks for a bearer token and queues nothing", async () => {
    t = await makeTestApp();
    const res = await request(t.app).post("/api/send-email").send(body);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: apiMessages.unauthorized });
    expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(await t.store.listMails()).toEqual([]);
  });

  it.each([
    ["a wrong token of the same length", `Bearer ${testToken.slice(0, -1)}X`],
    ["a prefix of the token", `Bearer ${testToken.slice(0, 10)}`],
    ["the token with something appended", `Bearer ${testToken}x`],
    ["another scheme", `Basic ${Buffer.from(`admin:${testToken}`).toString("base64")}`],
    ["the bare token", testToken],
  ])("with %s answers 401 and queues nothing", async (_label, authorization) => {
    t = await makeTestApp();
    const res = await request(t.app)
      .post("/api/send-email")
      .set("Authorization", authorization)
      .send(body);
    expect(res.status).toBe(401);
    expect(await t.store.listMails()).toEqual([]);
  });

  it("refuses every request while no token is configured: never an open relay", async () => {
    t = await makeTestApp({ adminApiToken: undefined });
    for (const authorization of ["", "Bearer ", "Bearer undefined", `Bearer ${testToken}`]) {
      const res = await request(t.app)
        .post("/api/send-email")
        .set("Authorization", authorization)
        .send(body);
      expect(res.status).toBe(401);
    }
    expect(await t.store.listMails()).toEqual([]);
  });

  it("an authorised but invalid body answers 400 with field messages", async () => {
    t = await makeTestApp();
    const res = await request(t.app)
      .post("/api/send-email")
      .set("Authorization", `Bearer ${testToken}`)
      .send({ to: "not-an-email", name: "", subject: "S" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: apiMessages.invalidRequest,
      fieldErrors: {
        to: validationMessages.emailInvalid,
        name: validationMessages.nameRequired,
        description: validationMessages.descriptionRequired,
      },
    });
    expect(await t.store.listMails()).toEqual([]);
  });

  it("answers 503 when the store fails", async () => {
    t = await makeTestApp();
    await t.store.close();
    const res = await request(t.app)
      .post("/api/send-email")
      .set("Authorization", `Bearer ${testToken}`)
      .send(body);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, error: apiMessages.internal });
  });

  it("never logs the token", async () => {
    t = await makeTestApp();
    await request(t.app)
      .post("/api/send-email")
      .set("Authorization", `Bearer ${testToken}`)
      .send(body)
      .expect(202);
    await request(t.app)
      .post("/api/send-email")
      .set("Authorization", "Bearer wrong-token-wrong-token-123")
      .send(body);
    expect(t.log.text()).not.toContain(testToken);
    expect(t.log.text()).not.toContain("wrong-token");
    expect(t.log.text()).not.toContain(body.to);
  });
});
