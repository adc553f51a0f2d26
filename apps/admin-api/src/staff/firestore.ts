import { createHash } from "node:crypto";
import {
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
  type WriteBatch,
} from "firebase-admin/firestore";
import type { StaffRole } from "@site/shared/office";
import {
  requireString,
  requireTimestamp,
  type FirestoreContext,
} from "../adapters/firestore/fields.js";
import { newMailDocument } from "../mail/firestore-document.js";
import type { NewMail } from "../mail/port.js";
import { createFirestoreAuditLog, toFirestoreAuditEntry } from "./firestore-audit.js";
import {
  nameOfAddress,
  type NewAuditEntry,
  type NewSession,
  type NewSignInLink,
  type StaffRecord,
  type StaffStore,
} from "./port.js";

/** The office's collections: staff (id: SHA-256 of the address), links and sessions (id: the secret's hash), the audit log. */
export const OFFICE_COLLECTIONS = {
  staff: "staff",
  signInLinks: "signInLinks",
  staffSessions: "staffSessions",
  auditLog: "auditLog",
} as const;

const staffId = (email: string) => createHash("sha256").update(email, "utf8").digest("hex");

const toStaff = (snapshot: DocumentSnapshot): StaffRecord => ({
  email: requireString(snapshot, "email"),
  name: requireString(snapshot, "name"),
  role: requireString(snapshot, "role") as StaffRole,
  addedAt: requireTimestamp(snapshot, "addedAt"),
  addedBy: (snapshot.get("addedBy") as string | null | undefined) ?? null,
});

const linkDocument = (link: NewSignInLink) => ({
  email: link.email,
  createdAt: Timestamp.now(),
  expiresAt: Timestamp.fromDate(link.expiresAt),
  usedAt: null,
});

/** A new session: active from its start. */
const sessionDocument = (session: NewSession) => ({
  email: session.email,
  createdAt: Timestamp.fromDate(session.createdAt),
  lastSeenAt: Timestamp.fromDate(session.createdAt),
  expiresAt: Timestamp.fromDate(session.expiresAt),
});

/** Writes an audit entry and mails inside the caller's transaction (the leads adapter uses it too). */
export interface FirestoreOfficeSeam {
  /** Inside a transaction, or a batch (a person's erasure). */
  audit(writer: Transaction | WriteBatch, entry: NewAuditEntry): void;
  /** Creates the mails; returns their ids. */
  mails(transaction: Transaction, items: readonly NewMail[], contactId: string | null): string[];
}

export function createFirestoreOfficeSeam(firestore: Firestore): FirestoreOfficeSeam {
  const audit = firestore.collection(OFFICE_COLLECTIONS.auditLog);
  const mail = firestore.collection("mail");
  return {
    audit(writer, entry) {
      writer.create(audit.doc(), {
        at: Timestamp.now(),
        actor: entry.actor,
        action: entry.action,
        target: entry.target,
        details: entry.details,
      });
    },
    mails(transaction, items, contactId) {
      return items.map((item) => {
        const ref = mail.doc();
        transaction.create(ref, newMailDocument(item, contactId));
        return ref.id;
      });
    },
  };
}

/** The staff capability on Firestore. */
export function createFirestoreStaff(
  { firestore, ensureOpen }: FirestoreContext,
  seam: FirestoreOfficeSeam,
): StaffStore {
  const staff = firestore.collection(OFFICE_COLLECTIONS.staff);
  const links = firestore.collection(OFFICE_COLLECTIONS.signInLinks);
  const sessions = firestore.collection(OFFICE_COLLECTIONS.staffSessions);
  const auditLog = firestore.collection(OFFICE_COLLECTIONS.auditLog);

  const staffDocument = (member: Pick<StaffRecord, "email" | "name" | "role" | "addedBy">) => ({
    email: member.email,
    name: member.name,
    role: member.role,
    addedAt: Timestamp.now(),
    addedBy: member.addedBy,
  });

  return {
    async ensureOwner(email) {
      ensureOpen();
      return firestore.runTransaction(async (transaction) => {
        const ref = staff.doc(staffId(email));
        if ((await transaction.get(ref)).exists) return false;
        transaction.create(
          ref,
          staffDocument({ email, name: nameOfAddress(email), role: "owner", addedBy: null }),
        );
        seam.audit(transaction, {
          actor: null,
          action: "staff.owner-named",
          target: email,
          details: { role: "owner" },
        });
        return true;
      });
    },
    async getStaff(email) {
      ensureOpen();
      const snapshot = await staff.doc(staffId(email)).get();
      return snapshot.exists ? toStaff(snapshot) : null;
    },
    async listStaff() {
      ensureOpen();
      const all = (await staff.get()).docs.map(toStaff);
      return all.sort(
        (a, b) =>
          Number(b.role === "owner") - Number(a.role === "owner") || a.email.localeCompare(b.email),
      );
    },
    async addStaff(member, link, mails, audit) {
      ensureOpen();
      return firestore.runTransaction(async (transaction) => {
        const ref = staff.doc(staffId(member.email));
        if ((await transaction.get(ref)).exists) return "exists" as const;
        transaction.create(ref, staffDocument(member));
        transaction.create(links.doc(link.tokenHash), linkDocument(link));
        seam.mails(transaction, mails, null);
        seam.audit(transaction, audit);
        return "added" as const;
      });
    },
    async removeStaff(email, audit) {
      ensureOpen();
      const [owned, linked] = await Promise.all([
        sessions.where("email", "==", email).get(),
        links.where("email", "==", email).get(),
      ]);
      return firestore.runTransaction(async (transaction) => {
        const ref = staff.doc(staffId(email));
        const member = await transaction.get(ref);
        if (!member.exists) return "not-found" as const;
        if (member.get("role") === "owner") {
          const owners = await transaction.get(staff.where("role", "==", "owner"));
          if (owners.size <= 1) return "last-owner" as const;
        }
        for (const doc of [...owned.docs, ...linked.docs]) transaction.delete(doc.ref);
        transaction.delete(ref);
        seam.audit(transaction, audit);
        return "removed" as const;
      });
    },
    async createSignInLink(link, mails) {
      ensureOpen();
      return firestore.runTransaction(async (transaction) => {
        if (!(await transaction.get(staff.doc(staffId(link.email)))).exists) return false;
        transaction.create(links.doc(link.tokenHash), linkDocument(link));
        seam.mails(transaction, mails, null);
        return true;
      });
    },
    async signInWithLink(tokenHash, now, session) {
      ensureOpen();
      return firestore.runTransaction(async (transaction) => {
        const linkRef = links.doc(tokenHash);
        const link = await transaction.get(linkRef);
        if (!link.exists) return { kind: "unknown" as const };
        const email = requireString(link, "email");
        const member = await transaction.get(staff.doc(staffId(email)));
        const fresh = link.get("usedAt") === null;
        // Marked used first: whatever is decided below, this link never signs anyone in again.
        transaction.update(linkRef, { usedAt: link.get("usedAt") ?? Timestamp.fromDate(now) });
        if (!fresh || requireTimestamp(link, "expiresAt").getTime() <= now.getTime())
          return { kind: "expired" as const };
        if (!member.exists) return { kind: "unknown" as const };
        transaction.create(sessions.doc(session.idHash), sessionDocument({ ...session, email }));
        seam.audit(transaction, {
          actor: email,
          action: "session.started",
          target: null,
          details: { by: "link" },
        });
        return { kind: "signed-in" as const, staff: toStaff(member) };
      });
    },
    async createSession(session, audit) {
      ensureOpen();
      return firestore.runTransaction(async (transaction) => {
        if (!(await transaction.get(staff.doc(staffId(session.email)))).exists) return false;
        transaction.create(sessions.doc(session.idHash), sessionDocument(session));
        seam.audit(transaction, audit);
        return true;
      });
    },
    async findSession(idHash, now, touchAfterMs) {
      ensureOpen();
      const snapshot = await sessions.doc(idHash).get();
      if (!snapshot.exists) return null;
      const email = requireString(snapshot, "email");
      const member = await staff.doc(staffId(email)).get();
      if (!member.exists) return null;
      const lastSeenAt = requireTimestamp(snapshot, "lastSeenAt");
      if (now.getTime() - lastSeenAt.getTime() >= touchAfterMs)
        await snapshot.ref.update({ lastSeenAt: Timestamp.fromDate(now) });
      return {
        session: {
          idHash,
          email,
          createdAt: requireTimestamp(snapshot, "createdAt"),
          lastSeenAt,
          expiresAt: requireTimestamp(snapshot, "expiresAt"),
        },
        staff: toStaff(member),
      };
    },
    async deleteSession(idHash, audit) {
      ensureOpen();
      await firestore.runTransaction(async (transaction) => {
        const ref = sessions.doc(idHash);
        if (!(await transaction.get(ref)).exists) return;
        transaction.delete(ref);
        if (audit) seam.audit(transaction, audit);
      });
    },
    async deleteSessionsOf(email, audit) {
      ensureOpen();
      const owned = await sessions.where("email", "==", email).get();
      await firestore.runTransaction(async (transaction) => {
        for (const doc of owned.docs) transaction.delete(doc.ref);
        seam.audit(transaction, audit);
      });
      return owned.size;
    },
    async purgeExpiredSessions(now, idleBefore) {
      ensureOpen();
      const at = Timestamp.fromDate(now);
      const [expired, idle, oldLinks] = await Promise.all([
        sessions.where("expiresAt", "<=", at).get(),
        sessions.where("lastSeenAt", "<", Timestamp.fromDate(idleBefore)).get(),
        links.where("expiresAt", "<=", at).get(),
      ]);
      const batch = firestore.batch();
      const ended = new Set([...expired.docs, ...idle.docs].map((doc) => doc.ref.path));
      for (const doc of [...expired.docs, ...idle.docs, ...oldLinks.docs]) batch.delete(doc.ref);
      await batch.commit();
      return ended.size;
    },
    async recordAudit(entry) {
      ensureOpen();
      await firestore.runTransaction(async (transaction) => {
        seam.audit(transaction, entry);
      });
    },
    async listAudit(limit) {
      ensureOpen();
      const entries = await auditLog.orderBy("at", "desc").limit(limit).get();
      return entries.docs.map(toFirestoreAuditEntry);
    },
    ...createFirestoreAuditLog({ firestore, ensureOpen }, OFFICE_COLLECTIONS.auditLog),
  };
}
