import { beforeEach, describe, expect, it } from "vitest";
import type { NewMail, Store } from "../../src/ports/store.js";
import { contact, mail } from "./contract-fixtures.js";

const owner = "owner@firm.example";
const colleague = "colleague@firm.example";
const minute = 60_000;
const hash = (n: number) => n.toString(16).padStart(64, "0");
const audit = (action: string, target: string | null = null) => ({
  actor: owner,
  action,
  target,
  details: {},
});
const session = (n: number, at: Date, ms = 60 * minute) => ({
  idHash: hash(1000 + n),
  createdAt: at,
  expiresAt: new Date(at.getTime() + ms),
});

/**
 * The office's store contract (staff/port.ts and leads/port.ts): staff, links, sessions and the audit
 * log, and the leads inbox over the contacts. Called from describeStoreContract on its fresh store.
 */
export function describeOfficeContract(current: () => Store): void {
  let store: Store;
  beforeEach(() => {
    store = current();
  });

  describe("office staff, sign-in links and sessions", () => {
    it("names an owner once; an existing member keeps their role; owners are listed first", async () => {
      expect(await store.ensureOwner(owner)).toBe(true);
      expect(await store.ensureOwner(owner)).toBe(false);
      expect(
        await store.addStaff(
          { email: "a@firm.example", name: "a", role: "staff", addedBy: owner },
          { tokenHash: hash(1), email: "a@firm.example", expiresAt: new Date(Date.now() + minute) },
          [mail({ to: "a@firm.example" }, { kind: "office-invitation" })],
          audit("staff.invited", "a@firm.example"),
        ),
      ).toBe("added");
      expect(
        await store.addStaff(
          { email: "a@firm.example", name: "a", role: "owner", addedBy: owner },
          { tokenHash: hash(2), email: "a@firm.example", expiresAt: new Date(Date.now() + minute) },
          [],
          audit("staff.invited", "a@firm.example"),
        ),
      ).toBe("exists");
      expect(await store.ensureOwner("a@firm.example")).toBe(false);
      expect((await store.listStaff()).map((m) => [m.email, m.role, m.addedBy])).toEqual([
        [owner, "owner", null],
        ["a@firm.example", "staff", owner],
      ]);
      expect((await store.listMails({})).map((m) => m.meta.kind)).toEqual(["office-invitation"]);
      expect((await store.listAudit(10)).map((entry) => entry.action).sort()).toEqual([
        "staff.invited",
        "staff.owner-named",
      ]);
    });

    it("a link signs in once, before its expiry, only while its person is staff", async () => {
      await store.ensureOwner(owner);
      const now = new Date();
      const link = (n: number, ms = 15 * minute) => ({
        tokenHash: hash(n),
        email: owner,
        expiresAt: new Date(now.getTime() + ms),
      });
      expect(
        await store.createSignInLink(link(1), [mail({ to: owner }, { kind: "office-sign-in" })]),
      ).toBe(true);
      expect(await store.createSignInLink({ ...link(9), email: "stranger@x.example" }, [])).toBe(
        false,
      );
      const first = await store.signInWithLink(hash(1), now, session(1, now));
      expect(first).toMatchObject({ kind: "signed-in", staff: { email: owner, role: "owner" } });
      expect(await store.signInWithLink(hash(1), now, session(2, now))).toEqual({
        kind: "expired",
      });
      await store.createSignInLink(link(3, -1), []);
      expect(await store.signInWithLink(hash(3), now, session(3, now))).toEqual({
        kind: "expired",
      });
      expect(await store.signInWithLink(hash(4), now, session(4, now))).toEqual({
        kind: "unknown",
      });
      expect(await store.findSession(hash(1001), now, minute)).toMatchObject({
        staff: { email: owner },
      });
      expect(await store.findSession(hash(1002), now, minute)).toBeNull();
    });

    it("a session reports its last activity before this one and records the new one after the threshold", async () => {
      await store.ensureOwner(owner);
      const start = new Date();
      await store.createSession({ ...session(1, start), email: owner }, audit("session.started"));
      const later = new Date(start.getTime() + 5 * minute);
      expect((await store.findSession(hash(1001), later, minute))?.session.lastSeenAt).toEqual(
        start,
      );
      expect((await store.findSession(hash(1001), later, minute))?.session.lastSeenAt).toEqual(
        later,
      );
      expect(
        await store.createSession({ ...session(2, start), email: "x@x.example" }, audit("s")),
      ).toBe(false);
    });

    it("removing a member ends their sessions and links; the last owner stays", async () => {
      await store.ensureOwner(owner);
      const now = new Date();
      await store.addStaff(
        { email: colleague, name: "colleague", role: "staff", addedBy: owner },
        { tokenHash: hash(1), email: colleague, expiresAt: new Date(now.getTime() + minute) },
        [],
        audit("staff.invited", colleague),
      );
      await store.createSession({ ...session(1, now), email: colleague }, audit("session.started"));
      expect(await store.removeStaff(owner, audit("staff.removed", owner))).toBe("last-owner");
      expect(await store.removeStaff(colleague, audit("staff.removed", colleague))).toBe("removed");
      expect(await store.removeStaff(colleague, audit("staff.removed", colleague))).toBe(
        "not-found",
      );
      expect(await store.findSession(hash(1001), now, minute)).toBeNull();
      expect(await store.signInWithLink(hash(1), now, session(2, now))).toEqual({
        kind: "unknown",
      });
      expect(await store.getStaff(colleague)).toBeNull();
    });

    it("ends one session, all of a person's, and purges expired ones; the audit log reads newest first", async () => {
      await store.ensureOwner(owner);
      const now = new Date();
      for (const n of [1, 2, 3])
        await store.createSession(
          { ...session(n, now, n * minute), email: owner },
          audit("session.started"),
        );
      await store.deleteSession(hash(1001), audit("session.ended"));
      expect(await store.findSession(hash(1001), now, minute)).toBeNull();
      expect(
        await store.purgeExpiredSessions(new Date(now.getTime() + 2 * minute), new Date(0)),
      ).toBe(1);
      expect(await store.deleteSessionsOf(owner, audit("session.ended-everywhere", owner))).toBe(1);
      expect(await store.findSession(hash(1003), now, minute)).toBeNull();
      const log = await store.listAudit(10);
      expect(log.map((entry) => entry.action)).toContain("session.ended-everywhere");
      const times = log.map((entry) => entry.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(await store.listAudit(2)).toHaveLength(2);
    });
  });

  describe("the leads inbox", () => {
    const addLead = async (overrides: Parameters<typeof contact>[0] = {}) =>
      (await store.addContactWithMails(contact(overrides), () => [])).id;
    const reply = (to: string): NewMail => mail({ to, subject: "Re" }, { kind: "lead-reply" });

    it("lists newest first in pages after a cursor, and every lead once", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) ids.push(await addLead({ subject: `S${i}` }));
      const first = await store.listLeads({}, 2, null);
      expect(first.items).toHaveLength(2);
      const second = await store.listLeads({}, 2, first.next);
      const third = await store.listLeads({}, 2, second.next);
      expect(third.next).toBeNull();
      const seen = [...first.items, ...second.items, ...third.items];
      expect(seen.map((lead) => lead.id).sort()).toEqual([...ids].sort());
      const times = seen.map((lead) => lead.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(seen[0]).toMatchObject({
        status: "new",
        owner: null,
        closeReason: null,
        firstAnsweredAt: null,
      });
      let exported = 0;
      for await (const batch of store.eachLead({}, 2)) exported += batch.length;
      expect(exported).toBe(5);
    });

    it("assigns, changes status with history and audit, filters and counts", async () => {
      await store.ensureOwner(owner);
      const bank = await addLead({
        name: "Amani",
        email: "amani@centralbank.example",
        subject: "Bank plan",
      });
      const ngo = await addLead({ name: "Juma", subject: "Programme", locale: "sw" });
      const updated = await store.updateLead(bank, owner, {
        owner: { to: owner },
        status: { to: "closed", closeReason: "won" },
      });
      expect(updated?.lead).toMatchObject({ owner, status: "closed", closeReason: "won" });
      expect(updated?.events.map((event) => event.kind)).toEqual(["assigned", "status"]);
      expect(await store.updateLead("no-such-lead", owner, { owner: { to: null } })).toBeNull();

      const ids = async (filter: Parameters<Store["listLeads"]>[0]) =>
        (await store.listLeads(filter, 20, null)).items.map((lead) => lead.id);
      expect(await ids({ status: "closed" })).toEqual([bank]);
      expect(await ids({ owner })).toEqual([bank]);
      expect(await ids({ owner: { none: true } })).toEqual([ngo]);
      expect(await ids({ locale: "sw" })).toEqual([ngo]);
      expect(await ids({ q: "CENTRALBANK plan" })).toEqual([bank]);
      expect(await ids({ q: "centralbank juma" })).toEqual([]);
      expect(await ids({ before: new Date(0) })).toEqual([]);
      expect((await ids({ from: new Date(Date.now() - 60 * minute) })).sort()).toEqual(
        [bank, ngo].sort(),
      );
      const counts = async (filter: Parameters<Store["leadStats"]>[0]) =>
        (await store.leadStats(filter)).counts;
      expect(await counts({ status: "new" })).toEqual({
        new: 1,
        in_progress: 0,
        closed: 1,
      });
      expect(await counts({ locale: "sw" })).toEqual({
        new: 1,
        in_progress: 0,
        closed: 0,
      });
      expect(await counts({ q: "bank" })).toEqual({ new: 0, in_progress: 0, closed: 1 });
      const actions = (await store.listAudit(10)).map((entry) => entry.action);
      expect(actions).toContain("lead.updated");
    });

    it("notes and replies join the history; the first reply sets the first answer and starts a new lead", async () => {
      await store.ensureOwner(owner);
      const id = await addLead();
      const note = await store.addNote(id, owner, "Called back");
      expect(note).toMatchObject({ kind: "note", text: "Called back", by: owner });
      const first = await store.addReply(
        id,
        owner,
        { subject: "Re", body: "Hello" },
        reply("wanjiku@example.com"),
      );
      expect(first).toMatchObject({ kind: "reply", subject: "Re", body: "Hello", by: owner });
      const lead = await store.getLead(id);
      expect(lead?.status).toBe("in_progress");
      const answeredAt = lead?.firstAnsweredAt;
      expect(answeredAt).toBeInstanceOf(Date);
      await store.addReply(
        id,
        owner,
        { subject: "Re 2", body: "Again" },
        reply("wanjiku@example.com"),
      );
      expect((await store.getLead(id))?.firstAnsweredAt).toEqual(answeredAt);

      const history = await store.leadHistory(id);
      expect(history.map((event) => event.kind)).toEqual([
        "received",
        "note",
        "reply",
        "status",
        "reply",
      ]);
      expect(history[0]).toMatchObject({ kind: "received", by: null });
      const mails = await store.listMails({ contactId: id });
      expect(mails.map((m) => m.meta.kind)).toEqual(["lead-reply", "lead-reply"]);
      expect(mails.map((m) => m.id)).toContain(first?.kind === "reply" ? first.mailId : "");
      const answered = (await store.leadStats({})).medianFirstAnswerMs;
      expect(answered).toBe((answeredAt?.getTime() ?? 0) - (lead?.createdAt.getTime() ?? 0));
      expect((await store.leadStats({ status: "new" })).medianFirstAnswerMs).toBeNull();
      expect((await store.leadStats({ q: "wanjiku" })).medianFirstAnswerMs).toBe(answered);
      expect(await store.addNote("no-such-lead", owner, "x")).toBeNull();
      expect(
        await store.addReply(
          "no-such-lead",
          owner,
          { subject: "s", body: "b" },
          reply("a@x.example"),
        ),
      ).toBeNull();
    });

    it("erasing a person's data takes their leads' history and replies with them", async () => {
      await store.ensureOwner(owner);
      const id = await addLead({ email: "erase.me@example.com" });
      await store.addNote(id, owner, "Asked for a proposal");
      await store.addReply(
        id,
        owner,
        { subject: "Re", body: "Hello" },
        reply("erase.me@example.com"),
      );
      const erasure = await store.erasePersonalData("erase.me@example.com", { addressHash: "h" });
      expect(erasure.deleted.contacts).toBe(1);
      expect(await store.getLead(id)).toBeNull();
      expect(await store.leadHistory(id)).toEqual([]);
      expect(await store.listMails({ contactId: id })).toEqual([]);
    });
  });
}
