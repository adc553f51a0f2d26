import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  csrfHeader,
  eventAnswerSchema,
  leadAnswerSchema,
  leadDetailSchema,
  leadsPageSchema,
  meSchema,
  officeConfigSchema,
  officeErrorSchema,
  officeMessages,
  signInAnswerSchema,
  signInLinkAnswerSchema,
  staffListSchema,
} from "@site/shared/office";
import { requestMessages } from "@site/shared/messages";
import { createApp } from "../../src/app.js";
import { createServices } from "../../src/services.js";
import { messageIdOf } from "../../src/mail/message-id.js";
import { makeTestApp, testIdentity, testSecret } from "../helpers/app.js";
import { startSmtpServer } from "../helpers/smtp.js";
import { createSmtpTransport } from "../../src/adapters/mail/smtp-transport.js";
import { createOutboxWorker } from "../../src/workers/outbox.js";

const owner = "owner@firm.test";
const colleague = "colleague@firm.test";
const mailFrom = "no-reply@firm.test";

type TestApp = Awaited<ReturnType<typeof makeTestApp>>;
let t: TestApp;
let app: ReturnType<typeof createApp>;

/** The test app, with the firm's MAIL_FROM (the SMTP helper's) so replies thread to real Message-IDs. */
async function makeOfficeApp(office: Parameters<typeof createApp>[0]["office"] = undefined) {
  t = await makeTestApp();
  const services = createServices({
    store: t.store,
    identity: testIdentity,
    secret: testSecret,
    clock: t.clock,
    mailFrom,
  });
  app = createApp({ ...t.deps, services, office });
  await services.staff.ensureOwner(owner);
  return services;
}

/** The token of the newest sign-in or invitation mail to `email`. */
async function tokenMailedTo(email: string): Promise<string> {
  const mails = (await t.store.listMails({})).filter((mail) => mail.message.to === email);
  const text = mails.at(-1)?.message.text ?? "";
  const token = /#token=([\w-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`no sign-in link mailed to ${email}`);
  return token;
}

interface Session {
  cookie: string;
  csrf: string;
}

async function signIn(email: string): Promise<Session> {
  await request(app).post("/api/office/sign-in/link").send({ email }).expect(202);
  const res = await request(app)
    .post("/api/office/sign-in")
    .send({ token: await tokenMailedTo(email) })
    .expect(200);
  const cookie = (res.get("Set-Cookie") ?? [])[0]?.split(";")[0] ?? "";
  return { cookie, csrf: meSchema.parse(res.body.me).csrfToken };
}

const as = (session: Session) => ({
  get: (path: string) => request(app).get(path).set("Cookie", session.cookie),
  send: (method: "post" | "patch" | "delete", path: string, body?: object) => {
    const agent = request(app);
    return agent[method](path)
      .set("Cookie", session.cookie)
      .set(csrfHeader, session.csrf)
      .send(body);
  },
});

async function submitContact(overrides: Record<string, string> = {}): Promise<string> {
  const res = await request(app)
    .post("/api/contacts")
    .send({
      name: "Wanjiku Kamau",
      email: "wanjiku@bank.example",
      subject: "Strategy review",
      description: "Our bank needs a five-year plan.",
      ...overrides,
    })
    .expect(201);
  return res.body.id as string;
}

afterEach(async () => {
  await t.cleanup();
});

/** Every queued mail, sent over a real in-process SMTP server with the firm's MAIL_FROM. */
async function deliverAll() {
  const smtp = await startSmtpServer();
  const transport = createSmtpTransport({ url: smtp.url, from: mailFrom });
  try {
    const worker = createOutboxWorker({
      store: t.store,
      transport,
      clock: { now: () => new Date(Date.now() + 60_000) },
      logger: t.log.logger,
      maxAttempts: 3,
      retryBaseMs: 1_000,
      pollIntervalMs: 1_000,
    });
    await worker.tick();
    return smtp.received;
  } finally {
    await transport.close();
    await smtp.close();
  }
}

describe("office sign-in by mailed link", () => {
  beforeEach(async () => {
    await makeOfficeApp();
  });

  it("GET /api/office/config says the office signs in by link", async () => {
    const res = await request(app).get("/api/office/config").expect(200);
    expect(res.body).toEqual({ mode: "link" });
    expect(res.get("Cache-Control")).toBe("no-store");
  });

  it("answers the same words for a staff address and an unknown one; only the staff one is mailed a link", async () => {
    const known = await request(app)
      .post("/api/office/sign-in/link")
      .send({ email: "Owner@Firm.test" });
    const unknown = await request(app)
      .post("/api/office/sign-in/link")
      .send({ email: "stranger@x.example" });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual({ message: officeMessages.linkSent });
    expect(unknown.body).toEqual(known.body);
    const mails = await t.store.listMails({});
    expect(mails.map((mail) => [mail.meta.kind, mail.message.to])).toEqual([
      ["office-sign-in", owner],
    ]);
    expect(mails[0]?.message.text).toContain(`${testIdentity.siteUrl}/admin/sign-in#token=`);
  });

  it("stores only the link's hash: the token appears nowhere in the database", async () => {
    await request(app).post("/api/office/sign-in/link").send({ email: owner }).expect(202);
    const token = await tokenMailedTo(owner);
    const db = new Database(t.dbFile, { readonly: true });
    try {
      const rows = db.prepare(`SELECT token_hash, email FROM sign_in_links`).all() as {
        token_hash: string;
      }[];
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).not.toContain(token);
      expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      db.close();
    }
  });

  it("a link signs in once: an HttpOnly, SameSite=Strict, Secure __Host- cookie; used again it answers 410", async () => {
    await request(app).post("/api/office/sign-in/link").send({ email: owner }).expect(202);
    const token = await tokenMailedTo(owner);
    const first = await request(app).post("/api/office/sign-in").send({ token }).expect(200);
    const cookie = first.get("Set-Cookie")?.[0] ?? "";
    expect(cookie).toMatch(/^__Host-office_session=[\w-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("Path=/");
    expect(first.body.me).toMatchObject({ email: owner, role: "owner", name: "owner" });
    const again = await request(app).post("/api/office/sign-in").send({ token }).expect(410);
    expect(again.body).toEqual({ error: officeMessages.linkExpired });
  });

  it("a link older than 15 minutes answers 410; a forged one 400; a malformed body 400", async () => {
    await request(app).post("/api/office/sign-in/link").send({ email: owner }).expect(202);
    const token = await tokenMailedTo(owner);
    t.clock.advance(15 * 60 * 1000 + 1);
    await request(app).post("/api/office/sign-in").send({ token }).expect(410);
    const forged = await request(app)
      .post("/api/office/sign-in")
      .send({ token: "A".repeat(43) })
      .expect(400);
    expect(forged.body).toEqual({ error: officeMessages.linkInvalid });
    await request(app).post("/api/office/sign-in").send({ token: "short" }).expect(400);
    await request(app).post("/api/office/sign-in").send("not json").expect(400);
  });

  it("an invalid address is a validation error with its field", async () => {
    const res = await request(app)
      .post("/api/office/sign-in/link")
      .send({ email: "no-at-sign" })
      .expect(400);
    expect(res.body).toEqual({
      error: officeMessages.invalidRequest,
      fieldErrors: { email: officeMessages.emailInvalid },
    });
  });

  it("rate-limits link requests per address", async () => {
    for (let i = 0; i < 5; i += 1)
      await request(app).post("/api/office/sign-in/link").send({ email: owner }).expect(202);
    const sixth = await request(app)
      .post("/api/office/sign-in/link")
      .send({ email: owner })
      .expect(429);
    expect(sixth.body).toEqual({ error: officeMessages.rateLimited });
    await request(app).post("/api/office/sign-in/link").send({ email: colleague }).expect(202);
  });

  it("a session ends after its idle time and after its absolute time", async () => {
    const session = await signIn(owner);
    t.clock.advance(8 * 60 * 60 * 1000 + 1);
    const res = await as(session).get("/api/office/me").expect(401);
    expect(res.body).toEqual({ error: officeMessages.unauthorized });
    // Active every 7 hours, it lasts 7 days (24 such steps), and not a moment longer.
    const second = await signIn(owner);
    for (let step = 1; step < 24; step += 1) {
      t.clock.advance(7 * 60 * 60 * 1000);
      await as(second).get("/api/office/me").expect(200);
    }
    t.clock.advance(7 * 60 * 60 * 1000);
    await as(second).get("/api/office/me").expect(401);
  });
});

describe("office sessions, CSRF and roles", () => {
  beforeEach(async () => {
    await makeOfficeApp();
  });

  it("every route but config and sign-in answers 401 without a session", async () => {
    const routes: [string, string][] = [
      ["get", "/api/office/me"],
      ["post", "/api/office/sign-out"],
      ["post", "/api/office/sign-out/everywhere"],
      ["get", "/api/office/staff"],
      ["post", "/api/office/staff"],
      ["delete", `/api/office/staff/${colleague}`],
      ["get", "/api/office/leads"],
      ["get", "/api/office/leads.csv"],
      ["get", "/api/office/leads/x"],
      ["patch", "/api/office/leads/x"],
      ["post", "/api/office/leads/x/notes"],
      ["post", "/api/office/leads/x/replies"],
    ];
    for (const [method, path] of routes) {
      const res = await (request(app) as unknown as Record<string, (p: string) => request.Test>)[
        method
      ]!(path);
      expect([method, path, res.status, res.body]).toEqual([
        method,
        path,
        401,
        { error: officeMessages.unauthorized },
      ]);
    }
  });

  it("GET /me names the person and their CSRF token", async () => {
    const session = await signIn(owner);
    const res = await as(session).get("/api/office/me").expect(200);
    expect(meSchema.parse(res.body)).toEqual({
      email: owner,
      name: "owner",
      role: "owner",
      csrfToken: session.csrf,
    });
  });

  it("a state-changing request without the CSRF token, or with another session's, is refused 403", async () => {
    const session = await signIn(owner);
    const other = await signIn(owner);
    const missing = await request(app)
      .post("/api/office/sign-out")
      .set("Cookie", session.cookie)
      .expect(403);
    expect(missing.body).toEqual({ error: officeMessages.csrf });
    await request(app)
      .post("/api/office/sign-out")
      .set("Cookie", session.cookie)
      .set(csrfHeader, other.csrf)
      .expect(403);
    await as(session).get("/api/office/me").expect(200);
  });

  it("a write from another site is refused before anything else", async () => {
    const session = await signIn(owner);
    const res = await as(session)
      .send("post", "/api/office/sign-out")
      .set("Origin", "https://evil.example")
      .expect(403);
    expect(res.body.error).toBe(requestMessages.crossSite);
    await request(app)
      .post("/api/office/sign-in/link")
      .set("Origin", "https://evil.example")
      .send({ email: owner })
      .expect(403);
    await as(session).get("/api/office/me").expect(200);
  });

  it("sign-out ends this session; sign-out everywhere ends them all", async () => {
    const phone = await signIn(owner);
    const laptop = await signIn(owner);
    const desk = await signIn(owner);
    await as(phone).send("post", "/api/office/sign-out").expect(204);
    await as(phone).get("/api/office/me").expect(401);
    await as(laptop).get("/api/office/me").expect(200);
    await as(laptop).send("post", "/api/office/sign-out/everywhere").expect(204);
    await as(laptop).get("/api/office/me").expect(401);
    await as(desk).get("/api/office/me").expect(401);
  });

  it("an owner invites a colleague, who signs in with the invitation and may not manage staff (403)", async () => {
    const boss = await signIn(owner);
    await as(boss)
      .send("post", "/api/office/staff", { email: "Colleague@Firm.test", role: "staff" })
      .expect(201);
    const invitation = (await t.store.listMails({})).find(
      (mail) => mail.meta.kind === "office-invitation",
    );
    expect(invitation?.message.to).toBe(colleague);
    const res = await request(app)
      .post("/api/office/sign-in")
      .send({ token: await tokenMailedTo(colleague) })
      .expect(200);
    const mate: Session = {
      cookie: res.get("Set-Cookie")?.[0]?.split(";")[0] ?? "",
      csrf: res.body.me.csrfToken as string,
    };
    const refused = await as(mate).get("/api/office/staff").expect(403);
    expect(refused.body).toEqual({ error: officeMessages.forbidden });
    await as(mate)
      .send("post", "/api/office/staff", { email: "x@firm.test", role: "owner" })
      .expect(403);
    await as(mate).send("delete", `/api/office/staff/${owner}`).expect(403);
    const list = await as(boss).get("/api/office/staff").expect(200);
    expect(
      list.body.items.map((m: { email: string; role: string; addedBy: string | null }) => [
        m.email,
        m.role,
        m.addedBy,
      ]),
    ).toEqual([
      [owner, "owner", null],
      [colleague, "staff", owner],
    ]);
  });

  it("invitations: a duplicate is 409, a bad role 400 with its field", async () => {
    const boss = await signIn(owner);
    await as(boss)
      .send("post", "/api/office/staff", { email: colleague, role: "staff" })
      .expect(201);
    const again = await as(boss)
      .send("post", "/api/office/staff", { email: colleague, role: "staff" })
      .expect(409);
    expect(again.body).toEqual({ error: officeMessages.staffExists });
    const bad = await as(boss)
      .send("post", "/api/office/staff", { email: "y@firm.test", role: "admin" })
      .expect(400);
    expect(bad.body.fieldErrors).toEqual({ role: officeMessages.invalidRequest });
  });

  it("removing a colleague ends their sessions at once; the last owner cannot be removed", async () => {
    const boss = await signIn(owner);
    await as(boss)
      .send("post", "/api/office/staff", { email: colleague, role: "staff" })
      .expect(201);
    const mate = await signIn(colleague);
    await as(mate).get("/api/office/me").expect(200);
    await as(boss)
      .send("delete", `/api/office/staff/${encodeURIComponent(colleague)}`)
      .expect(204);
    await as(mate).get("/api/office/me").expect(401);
    await as(boss).send("delete", `/api/office/staff/${colleague}`).expect(404);
    const last = await as(boss).send("delete", `/api/office/staff/${owner}`).expect(409);
    expect(last.body).toEqual({ error: officeMessages.lastOwner });
    const audit = await t.store.listAudit(20);
    expect(audit.map((entry) => entry.action)).toContain("staff.removed");
    expect(audit.find((entry) => entry.action === "staff.removed")).toMatchObject({
      actor: owner,
      target: colleague,
    });
  });
});

describe("the leads inbox", () => {
  let boss: Session;
  beforeEach(async () => {
    await makeOfficeApp();
    boss = await signIn(owner);
  });

  it("lists every inquiry newest first, 20 a page, with counts and an opaque cursor", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 23; i += 1) ids.push(await submitContact({ subject: `Inquiry ${i}` }));
    const first = leadsPageSchema.parse((await as(boss).get("/api/office/leads").expect(200)).body);
    expect(first.items).toHaveLength(20);
    expect(first.counts).toEqual({ new: 23, in_progress: 0, closed: 0 });
    expect(first.medianFirstAnswerMs).toBeNull();
    expect(first.nextCursor).toMatch(/^[\w-]+$/);
    const second = leadsPageSchema.parse(
      (await as(boss).get(`/api/office/leads?cursor=${first.nextCursor}`).expect(200)).body,
    );
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((lead) => lead.id).sort()).toEqual(
      [...ids].sort(),
    );
    const times = [...first.items, ...second.items].map((lead) => lead.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("filters by status, owner, language, dates and words; counts ignore the status filter", async () => {
    const bank = await submitContact({
      name: "Amani Otieno",
      email: "amani@centralbank.example",
      subject: "Bank strategy",
    });
    await submitContact({
      name: "Juma",
      email: "juma@ngo.example",
      subject: "Programme",
      locale: "sw",
    });
    await as(boss)
      .send("patch", `/api/office/leads/${bank}`, { owner, status: "in_progress" })
      .expect(200);

    const ids = async (query: string) =>
      leadsPageSchema.parse((await as(boss).get(`/api/office/leads?${query}`).expect(200)).body);
    expect((await ids("status=in_progress")).items.map((l) => l.id)).toEqual([bank]);
    expect((await ids("status=in_progress")).counts).toEqual({ new: 1, in_progress: 1, closed: 0 });
    expect((await ids("owner=me")).items.map((l) => l.id)).toEqual([bank]);
    expect((await ids("owner=none")).items.map((l) => l.name)).toEqual(["Juma"]);
    expect((await ids("locale=sw")).items.map((l) => l.name)).toEqual(["Juma"]);
    expect((await ids("q=CENTRALBANK")).items.map((l) => l.id)).toEqual([bank]);
    expect((await ids("q=bank%20amani")).items.map((l) => l.id)).toEqual([bank]);
    expect((await ids("q=nothing-like-this")).items).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await ids(`from=${today}&to=${today}`)).items).toHaveLength(2);
    expect((await ids("to=2000-01-01")).items).toEqual([]);

    const bad = await as(boss).get("/api/office/leads?status=open&from=2026-13-01").expect(400);
    expect(bad.body.fieldErrors).toEqual({
      status: officeMessages.invalidRequest,
      from: officeMessages.invalidDate,
    });
    await as(boss).get("/api/office/leads?cursor=bm90LWEtY3Vyc29y").expect(400);
  });

  it("a lead's details and history: received, assigned, status with reason, note, each with who and when", async () => {
    const id = await submitContact();
    await as(boss).send("patch", `/api/office/leads/${id}`, { owner }).expect(200);
    const noReason = await as(boss)
      .send("patch", `/api/office/leads/${id}`, { status: "closed" })
      .expect(400);
    expect(noReason.body.fieldErrors).toEqual({ closeReason: officeMessages.closeReasonRequired });
    const notStaff = await as(boss)
      .send("patch", `/api/office/leads/${id}`, { owner: "someone@else.example" })
      .expect(400);
    expect(notStaff.body.fieldErrors).toEqual({ owner: officeMessages.ownerNotStaff });
    const note = await as(boss)
      .send("post", `/api/office/leads/${id}/notes`, { text: "Called, will send a proposal." })
      .expect(201);
    expect(note.body.event).toMatchObject({
      kind: "note",
      by: owner,
      text: "Called, will send a proposal.",
    });
    const closed = await as(boss)
      .send("patch", `/api/office/leads/${id}`, { status: "closed", closeReason: "won" })
      .expect(200);
    expect(closed.body.lead).toMatchObject({ status: "closed", closeReason: "won", owner });

    const detail = leadDetailSchema.parse(
      (await as(boss).get(`/api/office/leads/${id}`).expect(200)).body,
    );
    expect(detail.lead).toMatchObject({
      id,
      email: "wanjiku@bank.example",
      phone: null,
      description: "Our bank needs a five-year plan.",
    });
    expect(detail.history.map((event) => [event.kind, event.by])).toEqual([
      ["received", null],
      ["assigned", owner],
      ["note", owner],
      ["status", owner],
    ]);
    await as(boss).get("/api/office/leads/not-a-lead").expect(404);
    await as(boss).send("post", "/api/office/leads/not-a-lead/notes", { text: "x" }).expect(404);
    const empty = await as(boss)
      .send("post", `/api/office/leads/${id}/notes`, { text: "  " })
      .expect(400);
    expect(empty.body.fieldErrors).toEqual({ text: officeMessages.noteRequired });
  });

  it("a reply leaves from the firm's address, answered to the staff member, threaded to the notification; the first one starts the clock", async () => {
    const id = await submitContact();
    const notification = (await t.store.listMails({ contactId: id })).find(
      (mail) => mail.meta.kind === "contact-notification",
    );
    expect(notification?.message.text).toContain(`${testIdentity.siteUrl}/admin/leads/${id}`);
    const reply = await as(boss)
      .send("post", `/api/office/leads/${id}/replies`, {
        subject: "Re: Strategy review",
        body: "Dear Wanjiku,\nThank you.",
      })
      .expect(201);
    expect(reply.body.event).toMatchObject({
      kind: "reply",
      by: owner,
      subject: "Re: Strategy review",
    });

    const lead = leadDetailSchema.parse(
      (await as(boss).get(`/api/office/leads/${id}`).expect(200)).body,
    );
    expect(lead.lead.status).toBe("in_progress");
    expect(lead.lead.firstAnsweredAt).not.toBeNull();
    expect(lead.history.map((event) => event.kind)).toEqual(["received", "reply", "status"]);
    const page = leadsPageSchema.parse((await as(boss).get("/api/office/leads").expect(200)).body);
    expect(page.medianFirstAnswerMs).toBeGreaterThanOrEqual(0);

    const received = await deliverAll();
    const sentNotification = received.find((mail) =>
      mail.parsed.subject?.startsWith("New inquiry"),
    );
    const sentReply = received.find((mail) => mail.parsed.subject === "Re: Strategy review");
    expect(sentNotification?.parsed.messageId).toBe(messageIdOf(notification?.id ?? "", mailFrom));
    expect(sentReply?.envelope.to).toEqual(["wanjiku@bank.example"]);
    expect(sentReply?.parsed.from?.text).toContain(mailFrom);
    expect(sentReply?.parsed.replyTo?.text).toBe(owner);
    expect(sentReply?.parsed.inReplyTo).toBe(sentNotification?.parsed.messageId);
    expect(sentReply?.parsed.references).toBe(sentNotification?.parsed.messageId);
    expect(sentReply?.parsed.text).toContain("Thank you.");
  });

  it("exports the filtered list as CSV, formula-safe", async () => {
    await submitContact({
      name: '=HYPERLINK("http://x")',
      subject: "+cmd",
      description: "@SUM(1)",
    });
    await submitContact({ name: "Plain", locale: "fr" });
    const res = await as(boss).get("/api/office/leads.csv?locale=en").expect(200);
    expect(res.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.get("Content-Disposition")).toBe('attachment; filename="leads.csv"');
    const lines = res.text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "id,createdAt,status,closeReason,owner,name,email,phone,subject,description,locale,firstAnsweredAt",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain(",'+cmd,'@SUM(1),");
  });
});

describe("the office app at /admin", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "office-dist-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("answers 404, saying so, when the app is not built", async () => {
    await makeOfficeApp({ signIn: { config: { mode: "link" } }, dir: join(dir, "missing") });
    const res = await request(app).get("/admin/leads").expect(404);
    expect(res.text).toContain("office app is not built");
    expect(res.get("X-Robots-Tag")).toBe("noindex, nofollow");
  });

  it("serves its page for every path, never cached nor indexed, under a CSP without 'unsafe-inline'; assets immutable", async () => {
    await mkdir(join(dir, "assets"));
    await writeFile(join(dir, "index.html"), "<!doctype html><title>Office</title>");
    await writeFile(join(dir, "assets", "app-abc123.js"), "console.log(1)");
    await makeOfficeApp({ signIn: { config: { mode: "link" } }, dir });
    for (const path of ["/admin", "/admin/", "/admin/leads/123", "/admin/sign-in"]) {
      const res = await request(app).get(path).expect(200);
      expect(res.text).toContain("<title>Office</title>");
      expect(res.get("Cache-Control")).toBe("no-store");
      expect(res.get("X-Robots-Tag")).toBe("noindex, nofollow");
      const csp = res.get("Content-Security-Policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline");
    }
    const asset = await request(app).get("/admin/assets/app-abc123.js").expect(200);
    expect(asset.get("Cache-Control")).toContain("immutable");
    await request(app).get("/admin/assets/missing.js").expect(404);
  });
});

/**
 * The office app types the API's answers with the shared contract instead of parsing them (it keeps zod
 * off its first load), so here every answer it reads is held to the contract's schema, refusals too.
 */
describe("every office answer has the shared contract's shape", () => {
  beforeEach(async () => {
    await makeOfficeApp();
  });

  it("config, sign-in, me, staff, leads, a lead, its update, note and reply, and the refusals", async () => {
    const shape = (schema: { parse(value: unknown): unknown }, body: unknown) =>
      expect(() => schema.parse(body)).not.toThrow();

    shape(officeConfigSchema, (await request(app).get("/api/office/config").expect(200)).body);
    const link = await request(app)
      .post("/api/office/sign-in/link")
      .send({ email: owner })
      .expect(202);
    shape(signInLinkAnswerSchema, link.body);
    const signedIn = await request(app)
      .post("/api/office/sign-in")
      .send({ token: await tokenMailedTo(owner) })
      .expect(200);
    shape(signInAnswerSchema, signedIn.body);
    const boss: Session = {
      cookie: (signedIn.get("Set-Cookie") ?? [])[0]?.split(";")[0] ?? "",
      csrf: meSchema.parse(signedIn.body.me).csrfToken,
    };

    shape(meSchema, (await as(boss).get("/api/office/me").expect(200)).body);
    await as(boss)
      .send("post", "/api/office/staff", { email: colleague, role: "staff" })
      .expect(201);
    shape(staffListSchema, (await as(boss).get("/api/office/staff").expect(200)).body);

    const id = await submitContact();
    shape(leadsPageSchema, (await as(boss).get("/api/office/leads").expect(200)).body);
    shape(leadDetailSchema, (await as(boss).get(`/api/office/leads/${id}`).expect(200)).body);
    const assigned = await as(boss).send("patch", `/api/office/leads/${id}`, { owner }).expect(200);
    shape(leadAnswerSchema, assigned.body);
    const note = await as(boss)
      .send("post", `/api/office/leads/${id}/notes`, { text: "Called back." })
      .expect(201);
    shape(eventAnswerSchema, note.body);
    const reply = await as(boss)
      .send("post", `/api/office/leads/${id}/replies`, {
        subject: "Your review",
        body: "Thank you.",
      })
      .expect(201);
    shape(eventAnswerSchema, reply.body);

    // Refusals: no session, no CSRF token, a field the schema refuses, the used link, an unknown lead.
    shape(officeErrorSchema, (await request(app).get("/api/office/leads").expect(401)).body);
    const noCsrf = await request(app)
      .post(`/api/office/leads/${id}/notes`)
      .set("Cookie", boss.cookie)
      .send({ text: "x" })
      .expect(403);
    shape(officeErrorSchema, noCsrf.body);
    const invalid = await as(boss)
      .send("post", `/api/office/leads/${id}/notes`, { text: "" })
      .expect(400);
    shape(officeErrorSchema, invalid.body);
    expect(Object.keys(invalid.body.fieldErrors ?? {})).not.toHaveLength(0);
    const used = await request(app)
      .post("/api/office/sign-in")
      .send({ token: await tokenMailedTo(owner) });
    expect([400, 410]).toContain(used.status);
    shape(officeErrorSchema, used.body);
    shape(
      officeErrorSchema,
      (await as(boss).get("/api/office/leads/no-such-lead").expect(404)).body,
    );
  });
});
