import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditPageSchema,
  auditPageSize,
  csrfHeader,
  officeErrorSchema,
  officeMessages,
  peopleApi,
} from "@site/shared/office";
import { createRetentionJob } from "../../src/workers/retention.js";
import type { makeTestApp } from "../helpers/app.js";
import { officeAgent, officeAppWithStaff, type OfficeSession } from "../helpers/office-session.js";

const owner = "owner@firm.test";
const colleague = "colleague@firm.test";
const day = 24 * 60 * 60 * 1000;

type TestApp = Awaited<ReturnType<typeof makeTestApp>>;
let t: TestApp;
let ownerSession: OfficeSession;
let staffSession: OfficeSession;

/** One app for the file: the owner (named by the system) and a colleague, signed in once each. */
beforeAll(async () => {
  ({ t, ownerSession, staffSession } = await officeAppWithStaff(owner, colleague));
});
afterAll(async () => {
  await t.cleanup();
});

const asOwner = () => officeAgent(t.app, ownerSession);
const page = async (query = "") =>
  auditPageSchema.parse((await asOwner().get(`${peopleApi.audit}${query}`).expect(200)).body);

describe("office audit log: who may read it", () => {
  it("answers 401 without a session and 403 to a staff member", async () => {
    const anonymous = await request(t.app).get(peopleApi.audit).expect(401);
    expect(officeErrorSchema.parse(anonymous.body).error).toBe(officeMessages.unauthorized);
    const staff = await officeAgent(t.app, staffSession).get(peopleApi.audit).expect(403);
    expect(staff.body.error).toBe(officeMessages.forbidden);
  });

  it("has no route that edits or erases an entry, whatever the method", async () => {
    const [entry] = (await page()).items;
    const agent = request(t.app);
    for (const method of ["post", "put", "patch", "delete"] as const)
      for (const path of [peopleApi.audit, `${peopleApi.audit}/${entry?.id ?? "x"}`]) {
        const call = agent[method](path);
        await call
          .set("Cookie", ownerSession.cookie)
          .set(csrfHeader, ownerSession.csrf)
          .expect(404);
      }
    expect((await page()).items[0]).toEqual(entry);
  });
});

describe("office audit log: the list", () => {
  it("shows who did what and when, newest first, with the retention it is kept for", async () => {
    const { items, retentionDays } = await page();
    expect(retentionDays).toBe(400);
    const actions = items.map((entry) => [entry.actor, entry.action]);
    expect(actions).toContainEqual([null, "staff.owner-named"]);
    expect(actions).toContainEqual([owner, "staff.invited"]);
    expect(actions).toContainEqual([colleague, "session.started"]);
    const times = items.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("records the leads' CSV export with the filter it used", async () => {
    await officeAgent(t.app, staffSession)
      .get("/api/office/leads.csv?status=new&q=bank")
      .expect(200);
    const [exported] = (await page("?action=leads.exported")).items;
    expect(exported).toMatchObject({
      actor: colleague,
      action: "leads.exported",
      details: { status: "new", q: "bank" },
    });
  });

  it("filters by actor (or the system), action, target, days and words in the target or details", async () => {
    await t.store.recordAudit({
      actor: owner,
      action: "mail.retried",
      target: "mail-123",
      details: { state: "PENDING" },
    });
    expect((await page("?actor=system")).items.map((e) => e.action)).toEqual(["staff.owner-named"]);
    expect((await page(`?actor=${colleague}`)).items.every((e) => e.actor === colleague)).toBe(
      true,
    );
    expect((await page("?action=mail.retried")).items.map((e) => e.target)).toEqual(["mail-123"]);
    expect((await page("?target=mail-123")).items).toHaveLength(1);
    expect((await page("?q=PEND")).items.map((e) => e.target)).toEqual(["mail-123"]);
    expect((await page("?q=mail-12 pending")).items).toHaveLength(1);
    expect((await page("?q=nothing-like-it")).items).toEqual([]);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await page(`?from=${today}&to=${today}&action=mail.retried`)).items).toHaveLength(1);
    expect((await page("?to=2001-01-01")).items).toEqual([]);
    // Empty parameters (a form's empty fields) are no filter.
    expect((await page("?actor=&action=&q=")).items.length).toBeGreaterThan(3);
  });

  it("refuses an unknown action, a day that does not exist, a reversed range and a forged cursor", async () => {
    for (const query of [
      "?action=lead.deleted",
      "?from=2026-02-30",
      "?from=2026-03-02&to=2026-03-01",
      "?cursor=%25%25",
      "?cursor=bm90LWEtY3Vyc29y",
      `?q=${"x".repeat(201)}`,
    ]) {
      const res = await asOwner().get(`${peopleApi.audit}${query}`).expect(400);
      expect(officeErrorSchema.parse(res.body).error).toBe(officeMessages.invalidRequest);
    }
  });

  it("pages with a keyset cursor: every entry once, newest first, none skipped", async () => {
    for (let n = 0; n < 120; n += 1)
      await t.store.recordAudit({
        actor: owner,
        action: "comment.approved",
        target: `comment-${n}`,
        details: {},
      });
    const seen: string[] = [];
    const times: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const current = await page(`?action=comment.approved${cursor ? `&cursor=${cursor}` : ""}`);
      expect(current.items.length).toBeLessThanOrEqual(auditPageSize);
      seen.push(...current.items.map((entry) => entry.target ?? ""));
      times.push(...current.items.map((entry) => entry.at));
      cursor = current.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    // Newest first; entries of one millisecond follow their ids' order.
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe("office audit log: retention (OFFICE_AUDIT_RETENTION_DAYS)", () => {
  it("the retention job deletes entries and answered requests older than the retention, and keeps the rest", async () => {
    const old = Date.now() - 401 * day;
    const db = new Database(t.dbFile);
    try {
      db.prepare(
        `INSERT INTO audit_log (id, at, actor, action, target, details) VALUES (?, ?, ?, 'lead.updated', 'old-lead', '{}')`,
      ).run(randomUUID(), old, owner);
      db.prepare(
        `INSERT INTO data_requests (id, email, email_key, address_hash, kind, channel, note, received_on,
           answered_on, recorded_by, answered_by, created_at)
         VALUES (?, NULL, NULL, 'h', 'access', 'mail', '', '2020-01-01', '2020-01-02', NULL, NULL, ?)`,
      ).run("old-request", old);
    } finally {
      db.close();
    }
    const before = (await t.store.listAudit(10_000)).length;
    expect((await page("?target=old-lead")).items).toHaveLength(1);

    const job = createRetentionJob({
      store: t.store,
      clock: t.clock,
      logger: t.log.logger,
      mailBodyRetentionDays: 90,
      auditRetentionDays: 400,
    });
    await job.run();
    expect((await page("?target=old-lead")).items).toEqual([]);
    expect(await t.store.getDataRequest("old-request")).toBeNull();
    expect((await t.store.listAudit(10_000)).length).toBe(before - 1);
    expect(t.log.text()).toContain(
      "audit entries and answered data requests past retention deleted",
    );

    // A year and more later, everything of today is past it too.
    t.clock.advance(401 * day);
    await job.run();
    expect(await t.store.listAudit(10)).toEqual([]);
  });
});
