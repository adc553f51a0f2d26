import { beforeEach, describe, expect, it } from "vitest";
import type { NewDataRequest, Store } from "../../src/ports/store.js";
import { contact, contactMails } from "./contract-fixtures.js";

const owner = "owner@firm.example";
const colleague = "colleague@firm.example";

const newRequest = (overrides: Partial<NewDataRequest> = {}): NewDataRequest => ({
  email: "Amina@Example.com",
  addressHash: "hash-of-amina",
  kind: "access",
  channel: "mail",
  note: "Asked by mail.",
  receivedOn: "2026-11-20",
  recordedBy: colleague,
  ...overrides,
});
const recorded = { actor: colleague, action: "data-request.recorded", target: null, details: {} };

/**
 * The office's people's data requests (personal-data/port.ts: the register, the erasure's audit and
 * register writes) and the audit log's query and retention (staff/port.ts). Called from
 * describeStoreContract on its fresh store.
 */
export function describePeopleAuditContract(current: () => Store): void {
  let store: Store;
  beforeEach(() => {
    store = current();
  });

  describe("office: the register of data requests", () => {
    it("records a request with its audit entry (targeting the new entry), finds it by id and by the address's key", async () => {
      const entry = await store.addDataRequest(newRequest(), recorded);
      expect(entry).toMatchObject({
        email: "Amina@Example.com",
        addressHash: "hash-of-amina",
        kind: "access",
        channel: "mail",
        note: "Asked by mail.",
        receivedOn: "2026-11-20",
        answeredOn: null,
        recordedBy: colleague,
        answeredBy: null,
      });
      expect(await store.getDataRequest(entry.id)).toEqual(entry);
      expect(await store.getDataRequest("no-such-entry")).toBeNull();
      expect((await store.dataRequestsOf("  amina@EXAMPLE.com")).map((e) => e.id)).toEqual([
        entry.id,
      ]);
      expect(await store.dataRequestsOf("other@example.com")).toEqual([]);
      const [audit] = await store.listAudit(10);
      expect(audit).toMatchObject({ action: "data-request.recorded", target: entry.id });
    });

    it("answers an entry once: a second answer keeps the first day, and the audit entries are written each time", async () => {
      const entry = await store.addDataRequest(newRequest(), recorded);
      const answered = await store.answerDataRequest(
        { id: entry.id, by: owner, on: "2026-11-21" },
        [{ actor: owner, action: "data-request.answered", target: entry.id, details: {} }],
      );
      expect(answered).toMatchObject({ answeredOn: "2026-11-21", answeredBy: owner });
      const again = await store.answerDataRequest(
        { id: entry.id, by: colleague, on: "2026-11-22" },
        [{ actor: colleague, action: "person.exported", target: "hash-of-amina", details: {} }],
      );
      expect(again).toMatchObject({ answeredOn: "2026-11-21", answeredBy: owner });
      expect((await store.listAudit(10)).map((e) => e.action).sort()).toEqual([
        "data-request.answered",
        "data-request.recorded",
        "person.exported",
      ]);
      expect(
        await store.answerDataRequest({ id: "no-such-entry", by: owner, on: "2026-11-21" }, [
          { actor: owner, action: "data-request.answered", target: "x", details: {} },
        ]),
      ).toBeNull();
      expect(await store.listAudit(10)).toHaveLength(3);
    });

    it("lists newest first in pages, open or answered, each entry once", async () => {
      const ids: string[] = [];
      for (let n = 0; n < 7; n += 1)
        ids.push(
          (await store.addDataRequest(newRequest({ email: `p${n}@example.com` }), recorded)).id,
        );
      await store.answerDataRequest({ id: ids[0] ?? "", by: owner, on: "2026-11-21" }, []);
      const first = await store.listDataRequests({}, 3, null);
      expect(first.items).toHaveLength(3);
      const seen = [...first.items];
      let next = first.next;
      while (next) {
        const page = await store.listDataRequests({}, 3, next);
        seen.push(...page.items);
        next = page.next;
      }
      expect(seen.map((e) => e.id).sort()).toEqual([...ids].sort());
      const times = seen.map((e) => e.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect((await store.listDataRequests({ state: "open" }, 50, null)).items).toHaveLength(6);
      expect(
        (await store.listDataRequests({ state: "answered" }, 50, null)).items.map((e) => e.id),
      ).toEqual([ids[0]]);
    });

    it("purges the entries answered before a day, never the open ones", async () => {
      const old = await store.addDataRequest(newRequest(), recorded);
      const open = await store.addDataRequest(newRequest({ receivedOn: "2020-01-01" }), recorded);
      const recent = await store.addDataRequest(newRequest(), recorded);
      await store.answerDataRequest({ id: old.id, by: owner, on: "2025-01-01" }, []);
      await store.answerDataRequest({ id: recent.id, by: owner, on: "2026-11-21" }, []);
      expect(await store.purgeDataRequests("2025-06-01")).toBe(1);
      expect(await store.getDataRequest(old.id)).toBeNull();
      expect(await store.getDataRequest(open.id)).not.toBeNull();
      expect(await store.getDataRequest(recent.id)).not.toBeNull();
    });

    it("an erasure answers its entry, leaves every entry of the address holding only its keyed hash, and writes its audit entries with it", async () => {
      await store.addContactWithMails(contact({ email: "amina@example.com" }), contactMails);
      const answering = await store.addDataRequest(newRequest({ kind: "erasure" }), recorded);
      const earlier = await store.addDataRequest(newRequest(), recorded);
      const other = await store.addDataRequest(newRequest({ email: "juma@example.com" }), recorded);
      const erasure = await store.erasePersonalData("AMINA@example.com", {
        addressHash: "hash-of-amina",
        answer: { id: answering.id, by: owner, on: "2026-11-21" },
        audit: ({ id, deleted }) => [
          {
            actor: owner,
            action: "person.erased",
            target: "hash-of-amina",
            details: { erasure: id, inquiries: String(deleted.contacts) },
          },
        ],
      });
      expect(erasure.deleted.contacts).toBe(1);
      expect(await store.getDataRequest(answering.id)).toMatchObject({
        email: null,
        addressHash: "hash-of-amina",
        answeredOn: "2026-11-21",
        answeredBy: owner,
      });
      expect(await store.getDataRequest(earlier.id)).toMatchObject({
        email: null,
        answeredOn: null,
      });
      expect((await store.getDataRequest(other.id))?.email).toBe("juma@example.com");
      expect(await store.dataRequestsOf("amina@example.com")).toEqual([]);
      const erased = (await store.listAudit(20)).find((e) => e.action === "person.erased");
      expect(erased).toMatchObject({
        actor: owner,
        target: "hash-of-amina",
        details: { erasure: erasure.id, inquiries: "1" },
      });
    });
  });

  describe("office: the audit log's query and retention", () => {
    const entry = (
      n: number,
      overrides: Partial<{ actor: string | null; action: string; target: string }> = {},
    ) => ({
      actor: owner,
      action: "lead.updated",
      target: `lead-${n}`,
      details: { status: n % 2 === 0 ? "closed" : "in_progress" },
      ...overrides,
    });

    it("filters by actor (null: the system), action, target, time and every word in the target or details", async () => {
      await store.recordAudit(entry(1));
      await store.recordAudit(entry(2, { actor: colleague }));
      await store.recordAudit(
        entry(3, { actor: null, action: "staff.owner-named", target: owner }),
      );
      await store.recordAudit(entry(4, { actor: colleague, action: "mail.retried" }));
      // Entries of one millisecond have no order between them but their ids': compared as sets.
      const targets = async (filter: Parameters<Store["queryAudit"]>[0]) => {
        const { items } = await store.queryAudit(filter, 50, null);
        const times = items.map((e) => e.at.getTime());
        expect(times).toEqual([...times].sort((a, b) => b - a));
        return items.map((e) => e.target).sort();
      };
      expect(await targets({})).toEqual(["lead-1", "lead-2", "lead-4", owner].sort());
      expect(await targets({ actor: colleague })).toEqual(["lead-2", "lead-4"]);
      expect(await targets({ actor: null })).toEqual([owner]);
      expect(await targets({ action: "lead.updated" })).toEqual(["lead-1", "lead-2"]);
      expect(await targets({ actor: colleague, action: "lead.updated" })).toEqual(["lead-2"]);
      expect(await targets({ target: "lead-1" })).toEqual(["lead-1"]);
      expect(await targets({ q: "CLOSED" })).toEqual(["lead-2", "lead-4"]);
      expect(await targets({ q: "lead- progress" })).toEqual(["lead-1"]);
      expect(await targets({ q: "50%_" })).toEqual([]);
      const [newest] = (await store.queryAudit({}, 1, null)).items;
      const at = newest?.at ?? new Date();
      expect(await targets({ from: new Date(at.getTime() + 1) })).toEqual([]);
      expect(await targets({ before: new Date(at.getTime() + 1), action: "mail.retried" })).toEqual(
        ["lead-4"],
      );
      expect(await targets({ before: new Date(0) })).toEqual([]);
    });

    it("pages newest first with a keyset cursor, every entry once", async () => {
      for (let n = 0; n < 11; n += 1) await store.recordAudit(entry(n));
      const seen: { target: string | null; at: number }[] = [];
      let page = await store.queryAudit({ action: "lead.updated" }, 4, null);
      seen.push(...page.items.map((e) => ({ target: e.target, at: e.at.getTime() })));
      while (page.next) {
        page = await store.queryAudit({ action: "lead.updated" }, 4, page.next);
        seen.push(...page.items.map((e) => ({ target: e.target, at: e.at.getTime() })));
      }
      expect(seen).toHaveLength(11);
      expect(new Set(seen.map((e) => e.target)).size).toBe(11);
      const times = seen.map((e) => e.at);
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it("purges the entries older than the retention's cut-off, and only those", async () => {
      await store.recordAudit(entry(1));
      const [first] = (await store.queryAudit({}, 1, null)).items;
      expect(await store.purgeAudit(first?.at ?? new Date())).toBe(0);
      expect(await store.purgeAudit(new Date((first?.at.getTime() ?? 0) + 1))).toBe(1);
      expect(await store.queryAudit({}, 10, null)).toEqual({ items: [], next: null });
    });
  });
}
